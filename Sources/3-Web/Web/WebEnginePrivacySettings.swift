/// What a context's network session lets sites keep about the user. The defaults are
/// WebKitGTK's own (third-party cookies refused, tracking prevention off).
public struct WebEnginePrivacySettings: Equatable, Sendable {
    /// Whether cookies of sites other than the page's are refused (WebKit's
    /// `WEBKIT_COOKIE_POLICY_ACCEPT_NO_THIRD_PARTY`; else every cookie is accepted).
    public var blocksThirdPartyCookies: Bool
    /// Whether WebKit's Intelligent Tracking Prevention classifies trackers and limits their
    /// storage and cookies.
    public var preventsTracking: Bool

    public init(blocksThirdPartyCookies: Bool = true, preventsTracking: Bool = false) {
        self.blocksThirdPartyCookies = blocksThirdPartyCookies
        self.preventsTracking = preventsTracking
    }
}
