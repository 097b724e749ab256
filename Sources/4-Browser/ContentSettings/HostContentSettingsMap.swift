import Base
public import Foundation
public import KeyedServices
import Logging
public import Prefs
public import Web

/// A profile's content settings: a ``ContentSetting`` per origin and
/// ``ContentSettingsType`` (Chromium's `HostContentSettingsMap`,
/// `components/content_settings/core/browser/host_content_settings_map.h`), asked at every
/// permission request.
///
/// A regular profile's map keeps its decisions in the profile's prefs, where Chromium's
/// `content_settings::PrefProvider` keeps them (``ContentSettingsType/exceptionsPref``), so
/// that they are saved with the profile's `Preferences` and read again from it; a damaged
/// file is set aside by the prefs (``PrefService/loadProblem``). An entry the map cannot
/// read (a pattern that is not an origin, a setting that is not one) is dropped from the
/// pref when the map is made and reported in ``droppedEntries``.
///
/// An off-the-record profile's map keeps its own decisions in memory, gone with the
/// profile (when the last incognito window closes), and sees its regular profile's Block
/// decisions but not its Allow ones (``ContentSettingsType/isInheritedInIncognito(_:)``);
/// its own decisions come first.
@MainActor
public final class HostContentSettingsMap: KeyedService {
    /// An entry of a stored exceptions dictionary the map could not read.
    public struct DroppedEntry: Equatable, Sendable, CustomStringConvertible {
        public var type: ContentSettingsType
        /// The entry's key (its pattern pair).
        public var key: String

        public var description: String { "\(type.exceptionsPref): '\(key)'" }
    }

    /// Whether this is an off-the-record profile's map.
    public var isOffTheRecord: Bool { parent != nil }
    /// The entries that could not be read when the map was made, which it dropped.
    public private(set) var droppedEntries: [DroppedEntry] = []

    private let prefs: PrefService?
    private let parent: HostContentSettingsMap?
    private let clock: () -> Date
    /// The off-the-record map's own decisions.
    private var memory: [ContentSettingsType: [Origin: ContentSetting]] = [:]
    private let observers = ObserverList<any HostContentSettingsMapObserver>()
    private var parentObservation: HostContentSettingsMapObserverBridge?

    /// Registers the exceptions prefs of every type.
    public static func registerProfilePrefs(_ registry: PrefRegistry) {
        for type in ContentSettingsType.allCases {
            registry.register(type.exceptionsPref, default: .dictionary([:]))
        }
    }

    /// A regular profile's map over `prefs` (where ``registerProfilePrefs(_:)`` registered
    /// the exceptions); `now` dates each decision (`last_modified`).
    public init(prefs: PrefService, now: @escaping () -> Date = Date.init) {
        self.prefs = prefs
        self.parent = nil
        self.clock = now
        dropUnreadableEntries()
    }

    /// An off-the-record profile's map, inheriting Block decisions from `parent` (its
    /// regular profile's).
    public init(offTheRecordOf parent: HostContentSettingsMap) {
        precondition(
            !parent.isOffTheRecord,
            "HostContentSettingsMap.init(offTheRecordOf:): the parent is off the record")
        self.prefs = nil
        self.parent = parent
        self.clock = parent.clock
        let bridge = HostContentSettingsMapObserverBridge { [weak self] origin, type in
            self?.notify(origin, type)
        }
        parent.addObserver(bridge)
        parentObservation = bridge
    }

    public func addObserver(_ observer: any HostContentSettingsMapObserver) { observers.add(observer) }
    public func removeObserver(_ observer: any HostContentSettingsMapObserver) { observers.remove(observer) }

    // MARK: Reading

    /// The setting for `type` on `origin`: the stored one, else one inherited from the
    /// regular profile, else ``ContentSetting/ask``.
    public func contentSetting(for origin: Origin, type: ContentSettingsType) -> ContentSetting {
        ownSetting(for: origin, type: type) ?? inheritedSetting(for: origin, type: type) ?? .ask
    }

    /// Every origin with a setting of `type` that is not Ask (its own or inherited), sorted.
    public func exceptions(for type: ContentSettingsType) -> [(origin: Origin, setting: ContentSetting)] {
        var settings =
            parent.map { parent in
                parent.ownSettings(type).filter { ContentSettingsType.isInheritedInIncognito($0.value) }
            } ?? [:]
        settings.merge(ownSettings(type)) { _, own in own }
        return settings.filter { $0.value != .ask }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Every origin with a setting, and its settings by type, sorted by origin.
    public var sitesWithExceptions: [(origin: Origin, settings: [ContentSettingsType: ContentSetting])] {
        var sites: [Origin: [ContentSettingsType: ContentSetting]] = [:]
        for type in ContentSettingsType.allCases {
            for (origin, setting) in exceptions(for: type) { sites[origin, default: [:]][type] = setting }
        }
        return sites.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    // MARK: Writing

    /// Stores `setting` for `type` on `origin`; ``ContentSetting/ask`` removes the decision
    /// (an off-the-record map then falls back to what it inherits).
    public func setContentSetting(_ setting: ContentSetting, for origin: Origin, type: ContentSettingsType) {
        guard ownSetting(for: origin, type: type) != (setting == .ask ? nil : setting) else { return }
        if let prefs {
            var exceptions = prefs.dictionary(type.exceptionsPref)
            if setting == .ask {
                exceptions[Self.key(origin)] = nil
            } else {
                exceptions[Self.key(origin)] = .dictionary([
                    "setting": .int(setting.rawValue),
                    "last_modified": .string(String(Int64(clock().timeIntervalSince1970 * 1_000_000))),
                ])
            }
            prefs.set(type.exceptionsPref, .dictionary(exceptions))
        } else {
            memory[type, default: [:]][origin] = setting == .ask ? nil : setting
        }
        notify(origin, type)
    }

    /// Removes every decision stored for `origin` (the site settings' Reset).
    public func clearSettings(for origin: Origin) {
        for type in ContentSettingsType.allCases { setContentSetting(.ask, for: origin, type: type) }
    }

    // MARK: Storage

    /// The key of an origin's entry: Chromium's pattern pair, the origin and any embedder.
    static func key(_ origin: Origin) -> String { "\(origin.serialized),*" }

    private func ownSetting(for origin: Origin, type: ContentSettingsType) -> ContentSetting? {
        guard let prefs else { return memory[type]?[origin] }
        return prefs.dictionary(type.exceptionsPref)[Self.key(origin)].flatMap(Self.setting(in:))
    }

    private func inheritedSetting(for origin: Origin, type: ContentSettingsType) -> ContentSetting? {
        guard let parent, let setting = parent.ownSetting(for: origin, type: type),
            ContentSettingsType.isInheritedInIncognito(setting)
        else { return nil }
        return setting
    }

    private func ownSettings(_ type: ContentSettingsType) -> [Origin: ContentSetting] {
        guard let prefs else { return memory[type] ?? [:] }
        var settings: [Origin: ContentSetting] = [:]
        for (key, value) in prefs.dictionary(type.exceptionsPref) {
            guard let origin = Self.origin(inKey: key), let setting = Self.setting(in: value) else {
                continue
            }
            settings[origin] = setting
        }
        return settings
    }

    private static func origin(inKey key: String) -> Origin? {
        guard key.hasSuffix(",*") else { return nil }
        return Origin(serialized: String(key.dropLast(2)))
    }

    private static func setting(in value: PrefValue) -> ContentSetting? {
        value.dictionaryValue?["setting"]?.intValue.flatMap(ContentSetting.init(rawValue:))
    }

    private func dropUnreadableEntries() {
        guard let prefs else { return }
        for type in ContentSettingsType.allCases {
            var exceptions = prefs.dictionary(type.exceptionsPref)
            let unreadable = exceptions.filter { key, value in
                Self.origin(inKey: key) == nil || Self.setting(in: value) == nil
            }.keys.sorted()
            guard !unreadable.isEmpty else { continue }
            for key in unreadable {
                exceptions[key] = nil
                droppedEntries.append(DroppedEntry(type: type, key: key))
                Logger.contentSettings.warning(
                    "dropped an unreadable content setting: \(type.exceptionsPref) '\(key)'")
            }
            prefs.set(type.exceptionsPref, .dictionary(exceptions))
        }
    }

    private func notify(_ origin: Origin, _ type: ContentSettingsType) {
        observers.forEach { $0.contentSettingChanged(self, origin: origin, type: type) }
    }

    public func shutdown() {
        if let parentObservation { parent?.removeObserver(parentObservation) }
        parentObservation = nil
    }
}
