public import Base

/// A helper attached to a ``WebState`` as user data, one per type (Chromium's
/// WebStateUserData). Tab helpers must cope with unrealized WebStates: defer engine work
/// until ``WebStateObserver/webStateRealized(_:)``.
@MainActor
public protocol TabHelper: AnyObject {}

extension TabHelper {
    /// The key the helper is attached under.
    public static var userDataKey: UserDataKey<Self> { UserDataKey<Self>() }

    /// Attaches a helper made by `make` unless one is attached already; returns the attached one.
    @discardableResult
    public static func createForWebState(_ webState: WebState, _ make: () -> Self) -> Self {
        webState.userData.getOrCreate(userDataKey, make)
    }

    /// The attached helper, if any.
    public static func fromWebState(_ webState: WebState) -> Self? { webState.userData.get(userDataKey) }

    /// Detaches the helper.
    public static func removeFromWebState(_ webState: WebState) { webState.userData.remove(userDataKey) }
}
