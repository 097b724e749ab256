public import KeyedServices
public import Web

extension BrowserList: KeyedService {}

/// Makes the ``BrowserList`` of a profile: one list per profile, shared with its
/// off-the-record profile (Chromium's BrowserListFactory). Every list's browsers get a
/// ``BrowserWebStateListDelegate`` that attaches the application's tab helpers.
///
/// Register it with the application's keyed-service dependency manager before the first
/// profile is made, with ``register(in:attachTabHelpers:)``.
@MainActor
public final class BrowserListFactory {
    /// The keyed-service factory (for services that depend on the BrowserList).
    public let factory: KeyedServiceFactory<BrowserList>

    private init(attachTabHelpers: @escaping @MainActor (WebState) -> Void) {
        factory = KeyedServiceFactory<BrowserList>(name: "BrowserList", offTheRecord: .redirectedToOriginal) {
            _ in
            BrowserList(webStateListDelegate: BrowserWebStateListDelegate(attachTabHelpers: attachTabHelpers))
        }
    }

    /// Makes the factory and registers it with `dependencyManager`; `attachTabHelpers`
    /// attaches the tab helpers each tab gets when it is added to a list.
    public static func register(
        in dependencyManager: KeyedServiceDependencyManager,
        attachTabHelpers: @escaping @MainActor (WebState) -> Void = { _ in }
    ) -> BrowserListFactory {
        let browserListFactory = BrowserListFactory(attachTabHelpers: attachTabHelpers)
        dependencyManager.register(browserListFactory.factory)
        return browserListFactory
    }

    /// The BrowserList of `context` (the same for a profile and its off-the-record profile).
    public func browserList(for context: any KeyedServiceContext) -> BrowserList {
        factory.requiredService(for: context)
    }
}
