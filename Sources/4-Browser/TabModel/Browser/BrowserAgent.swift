public import Base

/// An object attached to a ``Browser`` as user data, one per type (Chromium's
/// BrowserUserData): `MyAgent.createForBrowser(browser) { MyAgent(browser) }`.
@MainActor
public protocol BrowserAgent: AnyObject {}

extension BrowserAgent {
    /// The key the agent is attached under.
    public static var userDataKey: UserDataKey<Self> { UserDataKey<Self>() }

    /// Attaches an agent made by `make` unless one is attached already; returns the attached one.
    @discardableResult
    public static func createForBrowser(_ browser: Browser, _ make: () -> Self) -> Self {
        browser.userData.getOrCreate(userDataKey, make)
    }

    /// The attached agent, if any.
    public static func fromBrowser(_ browser: Browser) -> Self? { browser.userData.get(userDataKey) }

    /// Detaches the agent.
    public static func removeFromBrowser(_ browser: Browser) { browser.userData.remove(userDataKey) }
}
