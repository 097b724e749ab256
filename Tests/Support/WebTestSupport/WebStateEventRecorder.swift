public import Foundation
public import Web

/// A ``WebStateObserver`` that records every event as a short string, for tests that
/// check which events arrive and in what order (e.g. `"didStartLoading"`,
/// `"pageLoaded(success)"`, `"titleWasSet(Title)"`).
@MainActor
public final class WebStateEventRecorder: WebStateObserver {
    /// The events, oldest first.
    public private(set) var events: [String] = []

    /// Creates a recorder, observing `webStates` if given.
    public init(observing webStates: [WebState] = []) {
        for webState in webStates { webState.addObserver(self) }
    }

    /// Forgets the recorded events.
    public func reset() { events.removeAll() }

    /// The recorded events whose name (before any parenthesis) is `name`.
    public func count(_ name: String) -> Int { events.count { $0 == name || $0.hasPrefix(name + "(") } }

    /// Records.
    public func wasShown(_ webState: WebState) { events.append("wasShown") }
    /// Records.
    public func wasHidden(_ webState: WebState) { events.append("wasHidden") }
    /// Records.
    public func didStartNavigation(_ webState: WebState, context: NavigationContext) {
        events.append("didStartNavigation(\(context.url.absoluteString))")
    }
    /// Records.
    public func didRedirectNavigation(_ webState: WebState, context: NavigationContext) {
        events.append("didRedirectNavigation(\(context.url.absoluteString))")
    }
    /// Records.
    public func didFinishNavigation(_ webState: WebState, context: NavigationContext) {
        let suffix = context.error != nil ? " error" : (context.hasCommitted ? " committed" : "")
        events.append("didFinishNavigation(\(context.url.absoluteString)\(suffix))")
    }
    /// Records.
    public func didStartLoading(_ webState: WebState) { events.append("didStartLoading") }
    /// Records.
    public func didStopLoading(_ webState: WebState) { events.append("didStopLoading") }
    /// Records.
    public func pageLoaded(_ webState: WebState, status: PageLoadCompletionStatus) {
        if case .success = status {
            events.append("pageLoaded(success)")
        } else {
            events.append("pageLoaded(failure)")
        }
    }
    /// Records.
    public func loadProgressChanged(_ webState: WebState, progress: Double) {
        events.append("loadProgressChanged(\(progress))")
    }
    /// Records.
    public func didChangeBackForwardState(_ webState: WebState) { events.append("didChangeBackForwardState") }
    /// Records.
    public func titleWasSet(_ webState: WebState) { events.append("titleWasSet(\(webState.title))") }
    /// Records.
    public func didChangeVisibleSecurityState(_ webState: WebState) {
        events.append("didChangeVisibleSecurityState")
    }
    /// Records.
    public func faviconURLUpdated(_ webState: WebState, url: URL?) {
        events.append("faviconURLUpdated(\(url?.absoluteString ?? "nil"))")
    }
    /// Records.
    public func didChangeZoomLevel(_ webState: WebState) {
        events.append("didChangeZoomLevel(\(webState.zoomLevel))")
    }
    /// Records.
    public func renderProcessGone(_ webState: WebState) { events.append("renderProcessGone") }
    /// Records.
    public func webStateRealized(_ webState: WebState) { events.append("webStateRealized") }
    /// Records.
    public func webStateDiscarded(_ webState: WebState) { events.append("webStateDiscarded") }
    /// Records.
    public func webStateDestroyed(_ webState: WebState) { events.append("webStateDestroyed") }
}
