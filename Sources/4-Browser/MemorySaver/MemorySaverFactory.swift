public import KeyedServices
public import Profiles
public import Sessions
public import TabModel

extension MemorySaverService: KeyedService {}

/// Makes the ``MemorySaverService`` of a profile: one per profile, shared with its
/// off-the-record profile (it follows the profile's ``BrowserList``, which incognito windows
/// share). Its policy comes from the profile's ``MemorySaverPrefs`` pref and follows its
/// changes. A tab of a browser a session service tracks is discarded through it
/// (``SessionRestorationService/discard(_:in:)``: its state is written first); any other
/// keeps its state in memory (``WebState/discard()``).
@MainActor
public final class MemorySaverFactory {
    /// The keyed-service factory.
    public let factory: KeyedServiceFactory<MemorySaverService>

    private init(application: ApplicationContext, browserLists: BrowserListFactory, sessions: SessionServices)
    {
        let clock = application.clock
        factory = KeyedServiceFactory<MemorySaverService>(
            name: "MemorySaverService",
            dependsOn: [browserLists.factory, sessions.sessionRestorationFactory],
            offTheRecord: .redirectedToOriginal
        ) { context in
            let profile = context as! Profile
            let service = MemorySaverService(
                browserList: browserLists.browserList(for: profile), clock: clock,
                policy: MemorySaverPolicy(discardAfter: MemorySaverPrefs.discardAfter(in: profile.prefs))
            ) { webStates, browser in
                if let sessionService = sessions.sessionRestorationFactory.service(
                    for: browser.profile, create: false),
                    sessionService.sessionID(of: browser) != nil
                {
                    sessionService.discard(webStates, in: browser)
                } else {
                    for webState in webStates { webState.discard() }
                }
            }
            service.prefObservation = profile.prefs.observe(MemorySaverPrefs.discardAfterSeconds) {
                [weak service, weak profile] _ in
                guard let service, let profile else { return }
                service.policy.discardAfter = MemorySaverPrefs.discardAfter(in: profile.prefs)
            }
            return service
        }
        application.dependencyManager.register(factory)
    }

    /// Registers the factory with `application` (before its first profile), after the
    /// services it depends on.
    public static func register(
        in application: ApplicationContext, browserLists: BrowserListFactory, sessions: SessionServices
    ) -> MemorySaverFactory {
        MemorySaverFactory(application: application, browserLists: browserLists, sessions: sessions)
    }

    /// The memory saver of `profile` (the original profile's for an off-the-record one).
    public func memorySaver(for profile: Profile) -> MemorySaverService {
        factory.requiredService(for: profile)
    }
}
