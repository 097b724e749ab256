public import Base
public import Foundation
public import KeyedServices
import Logging
public import Prefs
public import Web

/// A user's browsing state (the seeds' ChromeBrowserState): a name, a state directory,
/// prefs, keyed services, user data, and at most one off-the-record profile reachable from
/// it (and back). Owned by the ``ProfileManager``.
///
/// The off-the-record profile lives in `<profile>/OTR`; its prefs overlay the original's
/// (reads fall through, writes stay in memory) and its engine context is ephemeral.
/// Destroying it shuts its services down and deletes its directory.
@MainActor
public final class Profile: KeyedServiceContext, @MainActor SupportsUserData {
    /// The profile's name (an off-the-record profile has its original's name).
    public let name: ProfileName
    /// Whether this is the off-the-record profile of another.
    public let isOffTheRecord: Bool
    /// The profile's state directory.
    public let statePath: URL
    /// The profile's cache directory.
    public let cachePath: URL
    /// The profile's prefs (an in-memory overlay for an off-the-record profile).
    public let prefs: PrefService
    /// Data attached to the profile.
    public let userData = UserDataStore()
    /// The keyed-service bookkeeping.
    public let keyedServiceStorage = KeyedServiceStorage()
    /// Whether this profile was made by a test (see ``KeyedServiceTestingMode``).
    public let isTestingContext: Bool

    /// The regular profile this one belongs to (itself when regular).
    public var originalProfile: Profile { original ?? self }
    /// The regular profile as a keyed-service context.
    public var originalContext: any KeyedServiceContext { originalProfile }

    private let original: Profile?
    private var offTheRecord: Profile?
    private let engine: any WebEngine
    private unowned let manager: ProfileManager
    private var engineContext: (any WebEngineContext)?
    /// Applies the cookie and tracking prefs to the engine context while it lives.
    var privacyPrefsObservations: [PrefObservation] = []
    /// Applies the font prefs to the engine while the profile lives.
    var fontPrefsObservations: [PrefObservation] = []
    var zoomPrefsObservation: PrefObservation?
    /// Whether the profile was destroyed; using it afterwards is a programming error.
    public private(set) var isDestroyed = false

    init(
        name: ProfileName, statePath: URL, cachePath: URL, prefs: PrefService, original: Profile?,
        engine: any WebEngine, manager: ProfileManager, isTesting: Bool
    ) {
        self.name = name
        self.statePath = statePath
        self.cachePath = cachePath
        self.prefs = prefs
        self.original = original
        self.isOffTheRecord = original != nil
        self.engine = engine
        self.manager = manager
        self.isTestingContext = isTesting
    }

    private func checkAlive(_ function: StaticString = #function) {
        precondition(
            !isDestroyed,
            "Profile '\(name)'\(isOffTheRecord ? " (off the record)" : ""): \(function) after the profile was destroyed"
        )
    }

    /// The profile's engine state: persistent under the profile (data in `<profile>/WebKit`,
    /// caches under the cache directory) or ephemeral when off the record. Made on first use.
    public var webEngineContext: any WebEngineContext {
        checkAlive()
        if let engineContext { return engineContext }
        let storage: WebEngineStorage =
            isOffTheRecord
            ? .ephemeral
            : .persistent(
                dataDirectory: statePath.appendingPathComponent("WebKit", isDirectory: true),
                cacheDirectory: cachePath.appendingPathComponent("WebKit", isDirectory: true))
        let context = engine.makeContext(storage: storage)
        engineContext = context
        followPrivacyPrefs(of: context)
        followZoomPrefs(of: context)
        if !isOffTheRecord { followFontPrefs(of: engine) }
        return context
    }

    /// Whether ``webEngineContext`` was made (asking for it makes it).
    public var hasWebEngineContext: Bool { engineContext != nil }

    // MARK: Off the record

    /// Whether the off-the-record profile exists.
    public var hasOffTheRecordProfile: Bool { offTheRecord != nil }

    /// Where the off-the-record profile keeps its state while it exists (`<profile>/OTR`),
    /// known without making it.
    public var offTheRecordStatePath: URL { statePath.appendingPathComponent("OTR", isDirectory: true) }

    /// The off-the-record profile, created on first use (only from a regular profile).
    public var offTheRecordProfile: Profile {
        checkAlive()
        if isOffTheRecord { return self }
        if let offTheRecord { return offTheRecord }
        let profile = Profile(
            name: name, statePath: offTheRecordStatePath,
            cachePath: cachePath.appendingPathComponent("OTR", isDirectory: true),
            prefs: PrefService(overlaying: prefs),
            original: self, engine: engine, manager: manager, isTesting: isTestingContext)
        offTheRecord = profile
        manager.offTheRecordProfileCreated(profile)
        return profile
    }

    /// Destroys the off-the-record profile, if any: its services shut down in two phases,
    /// then its directory (`<profile>/OTR`, the incognito sessions included) is deleted.
    public func destroyOffTheRecordProfile() {
        checkAlive()
        guard let profile = offTheRecord else { return }
        offTheRecord = nil
        profile.tearDown()
        do {
            try PrivateStorage.removeDirectory(atPath: profile.statePath.path)
            try PrivateStorage.removeDirectory(atPath: profile.cachePath.path)
        } catch {
            Logger.profiles.error("could not delete the off-the-record profile's files: \(error)")
        }
    }

    /// Shuts the services down (off-the-record profile first) and flushes prefs.
    func tearDown() {
        guard !isDestroyed else { return }
        if let offTheRecord {
            self.offTheRecord = nil
            offTheRecord.tearDown()
            try? PrivateStorage.removeDirectory(atPath: offTheRecord.statePath.path)
            try? PrivateStorage.removeDirectory(atPath: offTheRecord.cachePath.path)
        }
        manager.profileWillBeDestroyed(self)
        if !isOffTheRecord { prefs.flush() }
        userData.removeAll()
        privacyPrefsObservations.forEach { $0.cancel() }
        privacyPrefsObservations = []
        fontPrefsObservations.forEach { $0.cancel() }
        fontPrefsObservations = []
        zoomPrefsObservation?.cancel()
        zoomPrefsObservation = nil
        engineContext = nil
        isDestroyed = true
    }
}
