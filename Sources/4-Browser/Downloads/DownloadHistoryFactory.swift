public import KeyedServices
public import Profiles

extension DownloadHistoryService: KeyedService {}

/// Makes the ``DownloadHistoryService`` of a profile: a store in the profile's directory
/// (``DownloadStore/fileName``); an off-the-record profile gets its own, in memory, which
/// goes with the profile (Chromium lists incognito downloads only while incognito windows
/// are open).
@MainActor
public final class DownloadHistoryFactory {
    /// The keyed-service factory.
    public let factory: KeyedServiceFactory<DownloadHistoryService>

    private init(application: ApplicationContext) {
        factory = KeyedServiceFactory<DownloadHistoryService>(
            name: "DownloadHistoryService", offTheRecord: .ownInstance
        ) { context in
            let profile = context as! Profile
            let path =
                profile.isOffTheRecord
                ? nil : profile.statePath.appendingPathComponent(DownloadStore.fileName).path
            return DownloadHistoryService(store: DownloadStore(path: path), context: profile.webEngineContext)
        }
        application.dependencyManager.register(factory)
    }

    /// Registers the factory with `application` (before its first profile).
    public static func register(in application: ApplicationContext) -> DownloadHistoryFactory {
        DownloadHistoryFactory(application: application)
    }

    /// The downloads list of `profile` (its own for an off-the-record one).
    public func history(for profile: Profile) -> DownloadHistoryService {
        factory.requiredService(for: profile)
    }
}
