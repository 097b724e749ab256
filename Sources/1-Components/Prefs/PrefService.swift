import Base
import Logging

/// Typed, observable access to registered prefs (Chromium's PrefService): local state for
/// the application, or a profile's prefs.
///
/// A service reads a pref's effective value: the value set on the service if any, else
/// (for an overlay) the original service's value, else the registered default. Setting a
/// pref to its default on a service that is not an overlay removes the set value, so that
/// only non-default values are stored. Reading or writing an unregistered pref, or
/// writing a value of the wrong kind, is a programming error (an integer is accepted for
/// a double pref). Values coming from sync are checked instead: see
/// ``applySyncedValue(_:_:)``.
///
/// Three flavours:
/// - ``init(registry:store:)``: persistent, backed by a ``JSONPrefStore``;
/// - ``init(registry:)``: in memory only;
/// - ``init(overlaying:)``: an in-memory overlay for an off-the-record profile. Reads fall
///   through to the original for prefs the overlay does not set, writes stay in the
///   overlay and are never written to disk, and the overlay's observers also hear about
///   the original's changes to prefs the overlay does not set. An overlay is never synced.
@MainActor
public final class PrefService {
    /// The registered prefs (shared with the original for an overlay).
    public let registry: PrefRegistry
    /// The service this one overlays, if it is an overlay.
    public let original: PrefService?

    private let store: JSONPrefStore?
    /// Values set on this service (for a service that is not an overlay, only values that
    /// differ from the default).
    private var userValues: [String: PrefValue]
    private var observersByName: [String: ObserverList<PrefObservation>] = [:]
    private let syncObservers = ObserverList<PrefObservation>()
    /// Told about every change of an effective value; overlays of this service use it.
    private let changeObservers = ObserverList<PrefObservation>()
    private var originalObservation: PrefObservation?

    /// Creates a service for the prefs of `registry`, stored in `store`, whose file is
    /// read now (see ``JSONPrefStore`` for what happens to a bad file). No more prefs can
    /// be registered in `registry` afterwards; a store serves one service only.
    public init(registry: PrefRegistry, store: JSONPrefStore) {
        registry.freeze()
        self.registry = registry
        self.original = nil
        self.store = store
        self.userValues = store.load(registry: registry)
    }

    /// Creates a service for the prefs of `registry` that keeps its values in memory
    /// only. No more prefs can be registered in `registry` afterwards.
    public init(registry: PrefRegistry) {
        registry.freeze()
        self.registry = registry
        self.original = nil
        self.store = nil
        self.userValues = [:]
    }

    /// Creates an in-memory overlay of `original` (for an off-the-record profile): it
    /// starts with no values of its own, so it reads the original's values.
    public init(overlaying original: PrefService) {
        self.registry = original.registry
        self.original = original
        self.store = nil
        self.userValues = [:]
        originalObservation = original.observeEveryChange { [weak self] name, value in
            self?.originalDidChange(name, value)
        }
    }

    /// Whether this service is an overlay of another one.
    public var isOverlay: Bool { original != nil }

    /// What was wrong with the prefs file as a whole when it was read, if anything.
    public var loadProblem: PrefLoadProblem? { store?.loadProblem }

    /// The prefs whose stored value had the wrong kind when the file was read: each was reset
    /// to its default alone, and reported once. Empty for a service without a file.
    public var valueProblems: [PrefLoadProblem] { store?.valueProblems ?? [] }

    /// Whether the stored value of `name` had the wrong kind when the file was read (it
    /// reads its default since, unless set again).
    public func wasResetAtLoad(_ name: String) -> Bool {
        valueProblems.contains { if case .wrongType(name, _) = $0.reason { true } else { false } }
    }

    /// Whether the values were read from the prefs file: there was one and it was usable as a
    /// whole (no ``loadProblem``; single prefs may have been reset, see ``valueProblems``).
    /// False for an overlay or an in-memory service.
    public var valuesWereReadFromFile: Bool {
        guard let store else { return false }
        return !store.fileWasMissing && store.loadProblem == nil
    }

    // MARK: Reading

    /// The effective value of `name`.
    public func value(_ name: String) -> PrefValue {
        let entry = self.entry(name)
        return effectiveValue(entry)
    }

    /// The registered default value of `name`.
    public func defaultValue(_ name: String) -> PrefValue { entry(name).defaultValue }

    /// Whether the effective value of `name` equals its default.
    public func isDefault(_ name: String) -> Bool {
        let entry = self.entry(name)
        return effectiveValue(entry) == entry.defaultValue
    }

    /// Whether this service has its own value for `name`; for an overlay, whether it
    /// overrides the original's value.
    public func hasUserValue(_ name: String) -> Bool {
        _ = entry(name)
        return userValues[name] != nil
    }

    /// The value of the bool pref `name`.
    public func bool(_ name: String) -> Bool { typed(name, .bool, \.boolValue) }

    /// The value of the int pref `name`.
    public func int(_ name: String) -> Int { typed(name, .int, \.intValue) }

    /// The value of the double pref `name`.
    public func double(_ name: String) -> Double { typed(name, .double, \.doubleValue) }

    /// The value of the string pref `name`.
    public func string(_ name: String) -> String { typed(name, .string, \.stringValue) }

    /// The value of the list pref `name`.
    public func list(_ name: String) -> [PrefValue] { typed(name, .list, \.listValue) }

    /// The value of the dictionary pref `name`.
    public func dictionary(_ name: String) -> [String: PrefValue] {
        typed(name, .dictionary, \.dictionaryValue)
    }

    // MARK: Writing

    /// Sets `name` to `value`, which must have the pref's kind (or be an integer for a
    /// double pref) and be representable in JSON. Observers are told if the effective
    /// value changes.
    public func set(_ name: String, _ value: PrefValue) {
        let entry = self.entry(name)
        guard let converted = value.converted(to: entry.kind) else {
            preconditionFailure(
                "PrefService: '\(name)' is a \(entry.kind.rawValue) pref; cannot set a \(value.kind.rawValue)"
            )
        }
        precondition(
            converted.isRepresentableInJSON,
            "PrefService: value for '\(name)' contains a number that is not finite")
        setUserValue(converted, for: entry, fromSync: false)
    }

    /// Removes the value set for `name`: the pref reads its default again (for an
    /// overlay: the original's value).
    public func reset(_ name: String) {
        let entry = self.entry(name)
        change(entry, userValue: nil, fromSync: false)
    }

    // MARK: Observing

    /// Calls `callback` with the new effective value of `name` each time it changes (not
    /// when a write leaves it as it was), while the returned token is alive and not
    /// cancelled.
    public func observe(
        _ name: String, _ callback: @escaping @MainActor (_ value: PrefValue) -> Void
    ) -> PrefObservation {
        _ = entry(name)
        let observers = observersByName[name] ?? ObserverList<PrefObservation>()
        observersByName[name] = observers
        let observation = PrefObservation(
            handler: { _, value in callback(value) },
            onCancel: { [weak self] observation in self?.observersByName[name]?.remove(observation) })
        observers.add(observation)
        return observation
    }

    // MARK: Sync

    /// The effective values of every syncable pref, by name; empty for an overlay.
    public var syncableValues: [String: PrefValue] {
        guard !isOverlay else { return [:] }
        var values: [String: PrefValue] = [:]
        for entry in registry.entries where entry.scope == .syncable {
            values[entry.name] = effectiveValue(entry)
        }
        return values
    }

    /// Calls `callback` with the name and new effective value of a syncable pref each
    /// time one changes through ``set(_:_:)`` or ``reset(_:)`` (changes applied by
    /// ``applySyncedValue(_:_:)`` are not echoed), while the returned token is alive and
    /// not cancelled. Never called for an overlay.
    public func observeSyncableChanges(
        _ callback: @escaping @MainActor (_ name: String, _ value: PrefValue) -> Void
    ) -> PrefObservation {
        let observation = PrefObservation(
            handler: callback,
            onCancel: { [weak self] observation in self?.syncObservers.remove(observation) })
        syncObservers.add(observation)
        return observation
    }

    /// Applies a value received from sync. Returns whether it was applied; a value for an
    /// unregistered or local pref, of the wrong kind, not representable in JSON, or sent
    /// to an overlay is rejected with a logged warning. Observers of the pref are told as
    /// for ``set(_:_:)``.
    @discardableResult
    public func applySyncedValue(_ name: String, _ value: PrefValue) -> Bool {
        guard !isOverlay else {
            Logger.prefs.warning(
                "prefs: ignoring synced value for '\(name)': off-the-record prefs are not synced")
            return false
        }
        guard let entry = registry.entry(name) else {
            Logger.prefs.warning("prefs: ignoring synced value for unregistered pref '\(name)'")
            return false
        }
        guard entry.scope == .syncable else {
            Logger.prefs.warning("prefs: ignoring synced value for local pref '\(name)'")
            return false
        }
        guard let converted = value.converted(to: entry.kind), converted.isRepresentableInJSON else {
            Logger.prefs.warning(
                "prefs: ignoring synced value for '\(name)': expected a \(entry.kind.rawValue), got \(value.json)"
            )
            return false
        }
        setUserValue(converted, for: entry, fromSync: true)
        return true
    }

    // MARK: Persistence

    /// Starts writing pending changes to the file now; with `waitUntilDone`, returns once
    /// they are on disk. Does nothing for a service without a file.
    public func commitPendingWrite(waitUntilDone: Bool = false) {
        store?.commitPendingWrite(waitUntilDone: waitUntilDone)
    }

    /// Writes pending changes and waits until they are durably on disk; for shutdown.
    /// Does nothing for a service without a file.
    public func flush() { store?.flush() }

    // MARK: Private

    private func entry(_ name: String) -> PrefRegistry.Entry {
        guard let entry = registry.entry(name) else {
            preconditionFailure("PrefService: unregistered pref '\(name)'")
        }
        return entry
    }

    private func effectiveValue(_ entry: PrefRegistry.Entry) -> PrefValue {
        if let value = userValues[entry.name] { return value }
        if let original { return original.effectiveValue(entry) }
        return entry.defaultValue
    }

    private func typed<T>(_ name: String, _ kind: PrefValue.Kind, _ extract: (PrefValue) -> T?) -> T {
        let entry = self.entry(name)
        guard let value = extract(effectiveValue(entry)) else {
            preconditionFailure(
                "PrefService: '\(name)' is a \(entry.kind.rawValue) pref, not a \(kind.rawValue) pref")
        }
        return value
    }

    private func setUserValue(_ value: PrefValue, for entry: PrefRegistry.Entry, fromSync: Bool) {
        // Without an underlying service, a value equal to the default is not kept; an overlay
        // keeps it, as it hides the original's value.
        let userValue = !isOverlay && value == entry.defaultValue ? nil : value
        change(entry, userValue: userValue, fromSync: fromSync)
    }

    private func change(_ entry: PrefRegistry.Entry, userValue: PrefValue?, fromSync: Bool) {
        guard userValues[entry.name] != userValue else { return }
        let before = effectiveValue(entry)
        userValues[entry.name] = userValue
        store?.valuesDidChange(userValues)
        let after = effectiveValue(entry)
        if after != before { notify(entry, after, fromSync: fromSync) }
    }

    private func notify(_ entry: PrefRegistry.Entry, _ value: PrefValue, fromSync: Bool) {
        observersByName[entry.name]?.forEach { $0.notify(entry.name, value) }
        if entry.scope == .syncable, !fromSync, !isOverlay {
            syncObservers.forEach { $0.notify(entry.name, value) }
        }
        changeObservers.forEach { $0.notify(entry.name, value) }
    }

    private func observeEveryChange(
        _ callback: @escaping @MainActor (_ name: String, _ value: PrefValue) -> Void
    ) -> PrefObservation {
        let observation = PrefObservation(
            handler: callback,
            onCancel: { [weak self] observation in self?.changeObservers.remove(observation) })
        changeObservers.add(observation)
        return observation
    }

    private func originalDidChange(_ name: String, _ value: PrefValue) {
        guard userValues[name] == nil, let entry = registry.entry(name) else { return }
        notify(entry, value, fromSync: false)
    }
}
