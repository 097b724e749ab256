public import Base
import Foundation
public import KeyedServices
public import Prefs
public import Web

/// The process-wide objects shared by every profile (the seeds' ApplicationContext): local
/// state (settings of this device, never synced), the ``ProfileManager``, the keyed-service
/// dependency manager, the engine, and the registry of open scenes (windows to restore at
/// the next launch). Injectable: tests make their own, nothing is a hidden global.
///
/// It owns its parts and never hears back from them: the ``ProfileManager`` makes and
/// destroys profiles and is the one object that tells the dependency manager about them.
///
/// It also tracks whether the last run ended cleanly: ``start()`` records "running",
/// ``shutdown()`` records "exited cleanly"; ``lastRunCrashed`` tells what the last run did.
@MainActor
public final class ApplicationContext {
    /// The names of the local state prefs this type registers.
    public enum Prefs {
        /// Whether the last run shut down in order (bool).
        public static let exitedCleanly = "application.exited_cleanly"
        /// The windows open at quit, to restore at the next launch (list of dictionaries).
        public static let openScenes = "application.open_scenes"
    }

    /// A window recorded in the open-scene registry.
    public struct Scene: Equatable, Sendable {
        /// The window's session identifier.
        public var sessionID: String
        /// The profile it belongs to.
        public var profileName: String
        /// Whether it is an incognito window.
        public var isIncognito: Bool

        /// Creates a record.
        public init(sessionID: String, profileName: String, isIncognito: Bool = false) {
            self.sessionID = sessionID
            self.profileName = profileName
            self.isIncognito = isIncognito
        }
    }

    /// Where the browser keeps its data.
    public let userDataDirectory: UserDataDirectory
    /// The engine every profile's engine context comes from.
    public let engine: any WebEngine
    /// The clock for timers (coalesced writes, session saves).
    public let clock: any TimerClock
    /// Where background work posts its results to the main actor.
    public let mainTaskRunner: any MainTaskRunner
    /// Settings of this device (`Local State`), never synced.
    public let localState: PrefService
    /// Builds and tears down keyed services in dependency order.
    public let dependencyManager = KeyedServiceDependencyManager()
    /// The profiles.
    public let profileManager: ProfileManager
    /// Whether profiles made by this context are testing contexts.
    public let isTesting: Bool
    /// Whether the last run ended without ``shutdown()`` (known after ``start()``).
    public private(set) var lastRunCrashed = false
    /// Whether ``start()`` was called and ``shutdown()`` was not.
    public private(set) var isRunning = false

    /// Creates the context. Register keyed-service factories on ``dependencyManager``
    /// before the first profile is made; `registerProfilePrefs` registers every profile
    /// pref.
    public init(
        userDataDirectory: UserDataDirectory, engine: any WebEngine, clock: any TimerClock,
        mainTaskRunner: any MainTaskRunner = DispatchMainTaskRunner(), isTesting: Bool = false,
        registerProfilePrefs: (PrefRegistry) -> Void = { _ in }
    ) {
        self.mainTaskRunner = mainTaskRunner
        self.userDataDirectory = userDataDirectory
        self.engine = engine
        self.clock = clock
        self.isTesting = isTesting
        try? PrivateStorage.createDirectory(atPath: userDataDirectory.path.path)
        let localRegistry = PrefRegistry()
        localRegistry.register(Prefs.exitedCleanly, default: .bool(true))
        localRegistry.register(Prefs.openScenes, default: .list([]))
        ProfileManager.registerLocalStatePrefs(localRegistry)
        let localState = PrefService(
            registry: localRegistry,
            store: JSONPrefStore(
                path: userDataDirectory.path.appendingPathComponent("Local State").path, clock: clock,
                mainTaskRunner: mainTaskRunner))
        self.localState = localState
        let profileRegistry = PrefRegistry()
        registerProfilePrefs(profileRegistry)
        profileManager = ProfileManager(
            userDataDirectory: userDataDirectory, localState: localState,
            profilePrefRegistry: profileRegistry,
            dependencyManager: dependencyManager, engine: engine, clock: clock,
            mainTaskRunner: mainTaskRunner, isTesting: isTesting)
    }

    /// Records that the browser is running; reads whether the last run crashed first. The
    /// flag is on disk before this returns.
    public func start() {
        precondition(!isRunning, "ApplicationContext.start: already running")
        lastRunCrashed = !localState.bool(Prefs.exitedCleanly)
        localState.set(Prefs.exitedCleanly, .bool(false))
        localState.flush()
        isRunning = true
    }

    /// Orderly shutdown: every profile's services shut down, the prefs are flushed, and the
    /// run is recorded as having exited cleanly.
    public func shutdown() {
        profileManager.destroyAll()
        localState.set(Prefs.exitedCleanly, .bool(true))
        localState.flush()
        isRunning = false
    }

    // MARK: Open scenes

    /// Whether ``openScenes`` is the truth about the windows: `Local State` was read at
    /// start. When it was missing or unreadable the registry is empty, and every window
    /// session on disk must be taken as open — not as closed by the user (which would send
    /// each to recently closed and delete its session).
    public var knowsOpenScenes: Bool { localState.valuesWereReadFromFile }

    /// The windows recorded as open, in order.
    public var openScenes: [Scene] {
        localState.list(Prefs.openScenes).compactMap { value in
            guard case .dictionary(let record) = value, let id = record["session_id"]?.stringValue,
                let profile = record["profile"]?.stringValue
            else { return nil }
            return Scene(
                sessionID: id, profileName: profile, isIncognito: record["incognito"]?.boolValue ?? false)
        }
    }

    /// Records a window as open (replacing a record with the same session id).
    public func addOpenScene(_ scene: Scene) {
        var scenes = openScenes.filter { $0.sessionID != scene.sessionID }
        scenes.append(scene)
        storeScenes(scenes)
    }

    /// Forgets a window (the user closed it).
    public func removeOpenScene(sessionID: String) {
        storeScenes(openScenes.filter { $0.sessionID != sessionID })
    }

    private func storeScenes(_ scenes: [Scene]) {
        localState.set(
            Prefs.openScenes,
            .list(
                scenes.map {
                    .dictionary([
                        "session_id": .string($0.sessionID), "profile": .string($0.profileName),
                        "incognito": .bool($0.isIncognito),
                    ])
                }))
    }
}
