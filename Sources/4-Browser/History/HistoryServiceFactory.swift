public import KeyedServices
public import Profiles

extension HistoryService: KeyedService {}

/// Makes the ``HistoryService`` of a profile: its `History` file in the profile's directory
/// (``HistoryService/fileName``); an off-the-record profile gets one of its own in memory,
/// which goes with the profile and never touches the disk.
@MainActor
public final class HistoryServiceFactory {
    /// The keyed-service factory.
    public let factory: KeyedServiceFactory<HistoryService>

    private init(application: ApplicationContext) {
        let clock = application.clock
        factory = KeyedServiceFactory<HistoryService>(name: "HistoryService", offTheRecord: .ownInstance) {
            context in
            let profile = context as! Profile
            let path =
                profile.isOffTheRecord
                ? nil : profile.statePath.appendingPathComponent(HistoryService.fileName).path
            let prefs = profile.prefs
            return HistoryService(
                path: path, clock: clock,
                expireDays: {
                    prefs.registry.isRegistered(HistoryPrefs.expireDays)
                        ? prefs.int(HistoryPrefs.expireDays) : HistoryPrefs.defaultExpireDays
                })
        }
        application.dependencyManager.register(factory)
    }

    /// Registers the factory with `application` (before its first profile).
    public static func register(in application: ApplicationContext) -> HistoryServiceFactory {
        HistoryServiceFactory(application: application)
    }

    /// The history of `profile` (its own, in memory, for an off-the-record one). A file of a
    /// newer schema still gives a service: it records nothing and its
    /// ``HistoryService/problem`` says why.
    public func service(for profile: Profile) -> HistoryService? {
        factory.service(for: profile)
    }
}
