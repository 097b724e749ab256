public import Foundation

/// A navigation about to happen, as shown to policy deciders.
public struct NavigationRequest: Sendable, Equatable {
    /// The URL to be loaded.
    public var url: URL
    /// Whether it targets the main frame.
    public var isMainFrame: Bool
    /// Whether the user started it (a click or typed URL) rather than the page.
    public var isUserInitiated: Bool
    public var httpMethod: String
    /// Where the user asked the page to open (a link clicked with the middle button or a
    /// modifier). A request for another tab or window never reaches the policy deciders: the
    /// engine cancels it in place and asks its delegate to open it
    /// (``WebContentDelegate/webContent(_:openURLFor:)``).
    public var disposition: WindowOpenDisposition

    public init(
        url: URL, isMainFrame: Bool = true, isUserInitiated: Bool = false, httpMethod: String = "GET",
        disposition: WindowOpenDisposition = .currentTab
    ) {
        self.url = url
        self.isMainFrame = isMainFrame
        self.isUserInitiated = isUserInitiated
        self.httpMethod = httpMethod
        self.disposition = disposition
    }
}

public enum PolicyDecision: Sendable, Equatable {
    /// Let the navigation go ahead.
    case allow
    /// Cancel the navigation silently.
    case cancel
}

/// Decides whether navigations in a ``WebState`` may proceed. Register with
/// ``WebState/addPolicyDecider(_:)`` (held weakly); works on unrealized WebStates and keeps
/// working after realization. The first decider that cancels wins.
@MainActor
public protocol WebStatePolicyDecider: AnyObject {
    /// Whether `request` may proceed in `webState`.
    func shouldAllowRequest(_ request: NavigationRequest, in webState: WebState) -> PolicyDecision
    /// Whether the page of `response` may commit in `webState`; when not, the navigation
    /// ends, cancelled, and nothing is downloaded.
    func shouldAllowResponse(_ response: NavigationResponse, in webState: WebState) -> PolicyDecision
}

extension WebStatePolicyDecider {
    /// Allows every response.
    public func shouldAllowResponse(_ response: NavigationResponse, in webState: WebState) -> PolicyDecision {
        .allow
    }
}
