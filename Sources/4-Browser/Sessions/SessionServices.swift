import Base
public import Foundation
public import KeyedServices
public import Profiles

extension SessionRestorationService: KeyedService {}
extension TabRestoreService: KeyedService {}

/// The session keyed services of an application: one ``SessionRestorationService`` per
/// profile rooted at `<profile>/SessionStorage` — the off-the-record profile has its own,
/// rooted at `<profile>/OTR/SessionStorage` — and one ``TabRestoreService`` per profile
/// (persisted in `<profile>/RecentlyClosed.pb`; in memory only when off the record).
/// Register with ``register(in:)`` before the first profile is made.
@MainActor
public final class SessionServices {
    /// The factory of the session restoration service.
    public let sessionRestorationFactory: KeyedServiceFactory<SessionRestorationService>
    /// The factory of the tab restore service.
    public let tabRestoreFactory: KeyedServiceFactory<TabRestoreService>
    /// The delay between a change and its save.
    public let saveDelay: Duration

    /// The file name of the recently closed list in a profile directory.
    public static let recentlyClosedFileName = SessionFormat.recentlyClosedFileName

    private init(application: ApplicationContext, saveDelay: Duration) {
        self.saveDelay = saveDelay
        let clock = application.clock
        let mainTaskRunner = application.mainTaskRunner
        let sessions = KeyedServiceFactory<SessionRestorationService>(
            name: "SessionRestorationService", offTheRecord: .ownInstance
        ) { context in
            let profile = context as! Profile
            return SessionRestorationService(
                storageDirectory: SessionLayout.storageDirectory(inProfile: profile.statePath),
                engineContext: profile.webEngineContext, clock: clock, mainTaskRunner: mainTaskRunner,
                saveDelay: saveDelay)
        }
        sessionRestorationFactory = sessions
        tabRestoreFactory = KeyedServiceFactory<TabRestoreService>(
            name: "TabRestoreService", dependsOn: [sessions], offTheRecord: .ownInstance
        ) { context in
            let profile = context as! Profile
            let sessionService = sessions.requiredService(for: profile)
            return TabRestoreService(
                fileURL: profile.isOffTheRecord
                    ? nil : SessionLayout.recentlyClosedFile(inProfile: profile.statePath),
                mainTaskRunner: mainTaskRunner,
                storageLoader: { webState, browser, completion in
                    sessionService.loadWebStateStorage(of: webState, in: browser, completion: completion)
                })
        }
        application.dependencyManager.register(sessions)
        application.dependencyManager.register(tabRestoreFactory)
    }

    /// Registers the session services with `application` (before its first profile).
    public static func register(
        in application: ApplicationContext, saveDelay: Duration = .milliseconds(2500)
    )
        -> SessionServices
    {
        SessionServices(application: application, saveDelay: saveDelay)
    }

    /// The session restoration service of `profile`.
    public func sessionRestoration(for profile: Profile) -> SessionRestorationService {
        sessionRestorationFactory.requiredService(for: profile)
    }

    /// The tab restore service of `profile`.
    public func tabRestore(for profile: Profile) -> TabRestoreService {
        tabRestoreFactory.requiredService(for: profile)
    }

    /// The session storage directory of a profile whose state is in `profileStatePath`
    /// (`<profile>/SessionStorage`), known without making its service.
    public static func storageDirectory(inProfile profileStatePath: URL) -> URL {
        SessionLayout.storageDirectory(inProfile: profileStatePath)
    }
}
