public import Foundation

/// Observes one or more ``WebState``s. Every method has an empty default implementation.
/// Observers are held weakly, may be added to unrealized WebStates and keep working after
/// realization.
@MainActor
public protocol WebStateObserver: AnyObject {
    /// The WebState became visible.
    func wasShown(_ webState: WebState)
    /// The WebState was hidden.
    func wasHidden(_ webState: WebState)
    /// A navigation started.
    func didStartNavigation(_ webState: WebState, context: NavigationContext)
    /// A navigation was redirected.
    func didRedirectNavigation(_ webState: WebState, context: NavigationContext)
    /// A navigation finished (committed, failed or cancelled).
    func didFinishNavigation(_ webState: WebState, context: NavigationContext)
    /// Loading started.
    func didStartLoading(_ webState: WebState)
    /// Loading stopped.
    func didStopLoading(_ webState: WebState)
    /// The page finished loading, or failed to.
    func pageLoaded(_ webState: WebState, status: PageLoadCompletionStatus)
    /// The estimated progress changed.
    func loadProgressChanged(_ webState: WebState, progress: Double)
    /// The back-forward state changed.
    func didChangeBackForwardState(_ webState: WebState)
    /// The title changed.
    func titleWasSet(_ webState: WebState)
    /// The visible page's security state changed.
    func didChangeVisibleSecurityState(_ webState: WebState)
    /// The favicon changed: its URL, and the image (``WebState/favicon``) with it.
    func faviconURLUpdated(_ webState: WebState, url: URL?)
    /// The web process went away.
    func renderProcessGone(_ webState: WebState)
    /// The page zoom factor was changed (``WebState/zoomLevel``).
    func didChangeZoomLevel(_ webState: WebState)
    /// The pointer moved onto a link of the page (its URL) or off every link (nil), as
    /// Chromium's WebContentsDelegate::UpdateTargetURL tells the status bubble.
    func hoveredLinkChanged(_ webState: WebState, url: URL?)
    /// A window the page asked for without a user gesture was blocked.
    func popupBlocked(_ webState: WebState, url: URL?)
    /// The tab's pending permission requests changed: one was added or answered
    /// (``PermissionRequestManager/currentRequest``).
    func permissionRequestsChanged(_ webState: WebState)
    /// The page shows `notification` (its origin is allowed notifications).
    func notificationShown(_ webState: WebState, notification: WebNotification)
    /// The page closed the notification `id` it showed (its `close()`, or the page going).
    func notificationClosed(_ webState: WebState, notificationID id: UInt64)
    /// The page started or stopped using the camera or the microphone
    /// (``WebState/mediaCaptureState``).
    func mediaCaptureStateChanged(_ webState: WebState)
    /// The WebState was realized: from unrealized, once, and again after each
    /// ``webStateDiscarded(_:)``.
    func webStateRealized(_ webState: WebState)
    /// The WebState was discarded back to unrealized (``WebState/discard(loaders:)``): its
    /// engine content is closed; what was made from it (a find controller, a view) is gone.
    /// Tab helpers let go of engine objects here and make them again at
    /// ``webStateRealized(_:)``.
    func webStateDiscarded(_ webState: WebState)
    /// The WebState is being destroyed; the last event it sends.
    func webStateDestroyed(_ webState: WebState)
}

extension WebStateObserver {
    /// Does nothing.
    public func wasShown(_ webState: WebState) {}
    /// Does nothing.
    public func wasHidden(_ webState: WebState) {}
    /// Does nothing.
    public func didStartNavigation(_ webState: WebState, context: NavigationContext) {}
    /// Does nothing.
    public func didRedirectNavigation(_ webState: WebState, context: NavigationContext) {}
    /// Does nothing.
    public func didFinishNavigation(_ webState: WebState, context: NavigationContext) {}
    /// Does nothing.
    public func didStartLoading(_ webState: WebState) {}
    /// Does nothing.
    public func didStopLoading(_ webState: WebState) {}
    /// Does nothing.
    public func pageLoaded(_ webState: WebState, status: PageLoadCompletionStatus) {}
    /// Does nothing.
    public func loadProgressChanged(_ webState: WebState, progress: Double) {}
    /// Does nothing.
    public func didChangeBackForwardState(_ webState: WebState) {}
    /// Does nothing.
    public func titleWasSet(_ webState: WebState) {}
    /// Does nothing.
    public func didChangeVisibleSecurityState(_ webState: WebState) {}
    /// Does nothing.
    public func faviconURLUpdated(_ webState: WebState, url: URL?) {}
    /// Does nothing.
    public func renderProcessGone(_ webState: WebState) {}
    /// Does nothing.
    public func didChangeZoomLevel(_ webState: WebState) {}
    /// Does nothing.
    public func hoveredLinkChanged(_ webState: WebState, url: URL?) {}
    /// Does nothing.
    public func popupBlocked(_ webState: WebState, url: URL?) {}
    /// Does nothing.
    public func permissionRequestsChanged(_ webState: WebState) {}
    /// Does nothing.
    public func notificationShown(_ webState: WebState, notification: WebNotification) {}
    /// Does nothing.
    public func notificationClosed(_ webState: WebState, notificationID id: UInt64) {}
    /// Does nothing.
    public func mediaCaptureStateChanged(_ webState: WebState) {}
    /// Does nothing.
    public func webStateRealized(_ webState: WebState) {}
    /// Does nothing.
    public func webStateDiscarded(_ webState: WebState) {}
    /// Does nothing.
    public func webStateDestroyed(_ webState: WebState) {}
}
