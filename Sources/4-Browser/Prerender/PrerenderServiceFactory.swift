public import History
public import KeyedServices
public import Profiles
public import Web

extension PrerenderService: KeyedService {}

/// Makes the ``PrerenderService`` of a profile. An incognito profile has none, as in Chromium
/// (its `PrerenderServiceFactory` keeps the keyed-service default of no incognito instance):
/// a prerender sends the request for a page the user only began to type, and in incognito
/// nothing is sent before the user asks for it.
@MainActor
public final class PrerenderServiceFactory {
    /// The keyed-service factory.
    public let factory: KeyedServiceFactory<PrerenderService>

    private init(
        application: ApplicationContext, history: HistoryServiceFactory,
        attachTabHelpers: @escaping @MainActor (WebState) -> Void
    ) {
        let clock = application.clock
        let mainTaskRunner = application.mainTaskRunner
        factory = KeyedServiceFactory<PrerenderService>(
            name: "PrerenderService", dependsOn: [history.factory], offTheRecord: .noInstance
        ) { context in
            let profile = context as! Profile
            return PrerenderService(
                prefs: profile.prefs, clock: clock, mainTaskRunner: mainTaskRunner,
                attachTabHelpers: attachTabHelpers)
        }
        application.dependencyManager.register(factory)
    }

    /// Registers the factory with `application` (before its first profile); the hidden tabs
    /// get the helpers `attachTabHelpers` attaches to every tab of a window.
    public static func register(
        in application: ApplicationContext, history: HistoryServiceFactory,
        attachTabHelpers: @escaping @MainActor (WebState) -> Void
    ) -> PrerenderServiceFactory {
        PrerenderServiceFactory(
            application: application, history: history, attachTabHelpers: attachTabHelpers)
    }

    /// The service of `profile`; nil for an incognito one.
    public func service(for profile: Profile, create: Bool = true) -> PrerenderService? {
        factory.service(for: profile, create: create)
    }
}
