public import Foundation
public import Web

// What the hidden WebState's page may not do unseen: each ends the prerender (Chromium's
// `PreloadController` as the prerender's WebStateDelegate, observer and policy decider).
extension PrerenderService: WebStateDelegate {
    /// A window the page opens is refused, and the prerender ends.
    public func createNewWebState(
        for source: WebState, url: URL?, openerURL: URL?, initiatedByUser: Bool
    ) -> WebState? {
        scheduleCancel(of: source, reason: .popup)
        return nil
    }

    /// Nothing opens from an unseen page; the prerender ends.
    public func openURL(from source: WebState, params: WebState.OpenURLParams) -> WebState? {
        scheduleCancel(of: source, reason: .popup)
        return nil
    }

    /// Dismissed unseen; the prerender ends.
    public func shouldShowJavaScriptDialog(for webState: WebState) -> Bool {
        scheduleCancel(of: webState, reason: .javaScriptDialog)
        return false
    }

    /// Cancelled unseen; the prerender ends.
    public func shouldShowAuthenticationPrompt(for webState: WebState) -> Bool {
        scheduleCancel(of: webState, reason: .authentication)
        return false
    }
}

extension PrerenderService: WebStateObserver {
    /// A window opened without a gesture is blocked by the WebState itself; the prerender
    /// ends all the same.
    public func popupBlocked(_ webState: WebState, url: URL?) {
        scheduleCancel(of: webState, reason: .popup)
    }

    /// A download ends it.
    public func didFinishNavigation(_ webState: WebState, context: NavigationContext) {
        if context.isDownload { scheduleCancel(of: webState, reason: .notAWebPage) }
    }

    public func renderProcessGone(_ webState: WebState) {
        scheduleCancel(of: webState, reason: .renderProcessGone)
    }
}

extension PrerenderService: WebStatePolicyDecider {
    /// Only http(s) pages: another scheme would hand the URL to another program unasked.
    public func shouldAllowRequest(_ request: NavigationRequest, in webState: WebState) -> PolicyDecision {
        guard request.isMainFrame, !Self.canPrerender(request.url) else { return .allow }
        scheduleCancel(of: webState, reason: .notAWebPage)
        return .cancel
    }

    /// A page the engine cannot show (it would be a download) or that should not start unseen
    /// is not loaded: `application/octet-stream` may be a video that would play from the hidden
    /// tab (crbug.com/436813) and a PDF takes the focus, Chromium's `PreloadController` rules.
    public func shouldAllowResponse(_ response: NavigationResponse, in webState: WebState) -> PolicyDecision {
        guard response.isMainFrame else { return .allow }
        guard !response.canShowMIMEType || Self.unshownMIMETypes.contains(response.mimeType) else {
            return .allow
        }
        scheduleCancel(of: webState, reason: .notAWebPage)
        return .cancel
    }

    /// MIME types a prerender never loads though the engine could show them.
    static let unshownMIMETypes: Set<String> = ["application/octet-stream", "application/pdf"]
}
