public import Base
public import Foundation
public import KeyedServices
import Logging
public import Prefs
public import Web

/// Creates, loads and owns the profiles (the seeds' ProfileManagerIOS), and keeps their
/// attributes (display name, last used time) and the last used profile in local state.
///
/// It is the one object that tells the keyed-service dependency manager about profiles:
/// when one is made (an off-the-record one included) and before one is destroyed.
@MainActor
public final class ProfileManager {
    /// The names of the local state prefs this type uses.
    public enum Prefs {
        /// The last used profile's name (string).
        public static let lastUsedProfile = "profile.last_used"
        /// Profile attributes by name (dictionary).
        public static let profileInfoCache = "profile.info_cache"
    }

    /// A profile's attributes, kept in local state.
    public struct Attributes: Equatable, Sendable {
        public var name: ProfileName
        /// The name shown to the user.
        public var displayName: String
        /// When the profile was last loaded.
        public var lastUsed: Date?
    }

    /// An error creating or loading a profile.
    public enum Error: Swift.Error, CustomStringConvertible, Equatable {
        /// The name is not valid.
        case invalidName(ProfileName.ValidationError)
        /// No profile of that name exists (load only).
        case notFound(String)
        /// Its directory could not be created.
        case storage(String)

        /// A sentence for the log.
        public var description: String {
            switch self {
            case .invalidName(let error): "invalid profile name: \(error)"
            case .notFound(let name): "no profile named '\(name)'"
            case .storage(let message): message
            }
        }
    }

    private let userDataDirectory: UserDataDirectory
    private let localState: PrefService
    private let profilePrefRegistry: PrefRegistry
    private let dependencyManager: KeyedServiceDependencyManager
    private let engine: any WebEngine
    private let clock: any TimerClock
    private let mainTaskRunner: any MainTaskRunner
    private let isTesting: Bool
    private var profiles: [ProfileName: Profile] = [:]
    private let observers = ObserverList<any ProfileManagerObserver>()

    /// Creates the manager. Profiles keep their directories under `userDataDirectory`, their
    /// attributes in `localState` (whose registry ``registerLocalStatePrefs(_:)`` filled), their
    /// prefs with `profilePrefRegistry`; `dependencyManager` builds their keyed services.
    public init(
        userDataDirectory: UserDataDirectory, localState: PrefService, profilePrefRegistry: PrefRegistry,
        dependencyManager: KeyedServiceDependencyManager, engine: any WebEngine, clock: any TimerClock,
        mainTaskRunner: any MainTaskRunner = DispatchMainTaskRunner(), isTesting: Bool = false
    ) {
        self.mainTaskRunner = mainTaskRunner
        self.userDataDirectory = userDataDirectory
        self.localState = localState
        self.profilePrefRegistry = profilePrefRegistry
        self.dependencyManager = dependencyManager
        self.engine = engine
        self.clock = clock
        self.isTesting = isTesting
    }

    /// Registers the local state prefs the manager uses.
    public static func registerLocalStatePrefs(_ registry: PrefRegistry) {
        registry.register(Prefs.lastUsedProfile, default: .string(""))
        registry.register(Prefs.profileInfoCache, default: .dictionary([:]))
    }

    /// Adds an observer (held weakly).
    public func addObserver(_ observer: any ProfileManagerObserver) { observers.add(observer) }
    public func removeObserver(_ observer: any ProfileManagerObserver) { observers.remove(observer) }

    /// The loaded profiles, by name.
    public var loadedProfiles: [Profile] { profiles.values.sorted { $0.name < $1.name } }

    /// The loaded profile called `name`, if any.
    public func profile(named name: String) -> Profile? {
        (try? ProfileName(name)).flatMap { profiles[$0] }
    }

    /// The attributes of every known profile (loaded or not), by name.
    public var knownProfiles: [Attributes] {
        let cache = localState.dictionary(Prefs.profileInfoCache)
        return cache.compactMap { key, value -> Attributes? in
            guard let name = try? ProfileName(key), case .dictionary(let info) = value else { return nil }
            let seconds = info["last_used"]?.doubleValue
            return Attributes(
                name: name, displayName: info["display_name"]?.stringValue ?? key,
                lastUsed: seconds.map { Date(timeIntervalSince1970: $0) })
        }.sorted { $0.name < $1.name }
    }

    /// The name of the last used profile, if any.
    public var lastUsedProfileName: String? {
        let name = localState.string(Prefs.lastUsedProfile)
        return name.isEmpty ? nil : name
    }

    /// Creates the profile `name` (or loads it if it exists) synchronously.
    @discardableResult
    public func createProfile(named name: String) throws(Error) -> Profile {
        try open(name, create: true)
    }

    /// Loads the existing profile `name` synchronously.
    @discardableResult
    public func loadProfile(named name: String) throws(Error) -> Profile {
        try open(name, create: false)
    }

    /// Creates (or loads) the profile `name`; its directory is made in the background and
    /// `completion` gets the profile on the main actor — or nil, with the error logged.
    public func createProfileAsync(named name: String, completion: @escaping @MainActor (Profile?) -> Void) {
        openAsync(name, create: true, completion: completion)
    }

    /// Loads the existing profile `name` asynchronously; `completion` gets nil (error logged)
    /// if it does not exist or cannot be opened.
    public func loadProfileAsync(named name: String, completion: @escaping @MainActor (Profile?) -> Void) {
        openAsync(name, create: false, completion: completion)
    }

    private func openAsync(_ name: String, create: Bool, completion: @escaping @MainActor (Profile?) -> Void)
    {
        let path = userDataDirectory.path.appendingPathComponent(name, isDirectory: true).path
        let valid = (try? ProfileName(name)) != nil
        let runner = mainTaskRunner
        let work = runner.postingWork {
            // The slow part (the disk) happens here; the profile is built on the main actor.
            if valid && create { try? PrivateStorage.createDirectory(atPath: path) }
            runner.postTask {
                do {
                    completion(try self.open(name, create: create))
                } catch {
                    Logger.profiles.error(
                        "could not \(create ? "create" : "load") profile '\(name)': \(error)")
                    completion(nil)
                }
            }
        }
        DispatchQueue.global(qos: .userInitiated).async(execute: work)
    }

    private func open(_ rawName: String, create: Bool) throws(Error) -> Profile {
        let name: ProfileName
        do { name = try ProfileName(rawName) } catch { throw .invalidName(error) }
        if let existing = profiles[name] {
            markUsed(existing)
            return existing
        }
        let statePath = userDataDirectory.path.appendingPathComponent(
            name.rawValue, isDirectory: true)
        let known = knownProfiles.contains { $0.name == name }
        if !create && !known && !FileManager.default.fileExists(atPath: statePath.path) {
            throw .notFound(rawName)
        }
        do {
            try PrivateStorage.createDirectory(atPath: statePath.path)
        } catch {
            throw .storage("could not create the profile directory: \(error)")
        }
        let store = JSONPrefStore(
            path: statePath.appendingPathComponent("Preferences").path, clock: clock,
            mainTaskRunner: mainTaskRunner)
        let profile = Profile(
            name: name, statePath: statePath,
            cachePath: userDataDirectory.cachePath.appendingPathComponent(name.rawValue, isDirectory: true),
            prefs: PrefService(registry: profilePrefRegistry, store: store), original: nil, engine: engine,
            manager: self, isTesting: isTesting)
        dependencyManager.contextCreated(profile)
        profiles[name] = profile
        markUsed(profile)
        observers.forEach { $0.profileAdded(profile) }
        return profile
    }

    private func markUsed(_ profile: Profile) {
        var cache = localState.dictionary(Prefs.profileInfoCache)
        var info = cache[profile.name.rawValue]?.dictionaryValue ?? [:]
        if info["display_name"] == nil { info["display_name"] = .string(profile.name.rawValue) }
        info["last_used"] = .double(Date().timeIntervalSince1970.rounded())
        cache[profile.name.rawValue] = .dictionary(info)
        localState.set(Prefs.profileInfoCache, .dictionary(cache))
        localState.set(Prefs.lastUsedProfile, .string(profile.name.rawValue))
    }

    /// Sets the name shown to the user for a known profile.
    public func setDisplayName(_ displayName: String, for name: ProfileName) {
        var cache = localState.dictionary(Prefs.profileInfoCache)
        var info = cache[name.rawValue]?.dictionaryValue ?? [:]
        info["display_name"] = .string(displayName)
        cache[name.rawValue] = .dictionary(info)
        localState.set(Prefs.profileInfoCache, .dictionary(cache))
    }

    /// An off-the-record profile was made (by its original profile).
    func offTheRecordProfileCreated(_ profile: Profile) { dependencyManager.contextCreated(profile) }

    /// `profile` is being torn down: its keyed services shut down and go.
    func profileWillBeDestroyed(_ profile: Profile) { dependencyManager.destroyContext(profile) }

    /// Destroys every profile (at shutdown).
    func destroyAll() {
        for profile in loadedProfiles {
            observers.forEach { $0.profileWillBeDestroyed(profile) }
            profile.tearDown()
        }
        profiles.removeAll()
    }
}
