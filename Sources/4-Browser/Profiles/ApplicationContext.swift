public import Base
import Foundation
public import KeyedServices
public import Prefs
public import Web

/// The process-wide objects shared by every profile (the seeds' ApplicationContext): local
/// state (settings of this device, never synced), the ``ProfileManager``, the keyed-service
/// dependency manager and the engine. (Which windows are open is the application layer's
/// business: its open-scene registry lives in local state too.) Injectable: tests make their own, nothing is a hidden global.
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
    public let profileManager: ProfileManager
    /// Whether profiles made by this context are testing contexts.
    public let isTesting: Bool
    /// Whether the last run ended without ``shutdown()`` (known after ``start()``).
    public private(set) var lastRunCrashed = false
    /// Whether ``start()`` was called and ``shutdown()`` was not.
    public private(set) var isRunning = false

    /// Creates the context. Register keyed-service factories on ``dependencyManager``
    /// before the first profile is made; `registerLocalStatePrefs` registers the local state
    /// prefs of the layers above, `registerProfilePrefs` every profile pref.
    public init(
        userDataDirectory: UserDataDirectory, engine: any WebEngine, clock: any TimerClock,
        mainTaskRunner: any MainTaskRunner = DispatchMainTaskRunner(), isTesting: Bool = false,
        registerLocalStatePrefs: (PrefRegistry) -> Void = { _ in },
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
        ProfileManager.registerLocalStatePrefs(localRegistry)
        registerLocalStatePrefs(localRegistry)
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
}
