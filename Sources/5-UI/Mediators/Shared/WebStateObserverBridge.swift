import Foundation
import TabModel
import Web

/// Passes a WebState's events on to a target held weakly. The observation forwarders of
/// the tab model keep their observer strongly; a mediator hands them a bridge instead of
/// itself so that it does not keep itself alive through its own forwarder.
@MainActor
final class WebStateObserverBridge: WebStateObserver {
    weak var target: (any WebStateObserver)?

    init(target: any WebStateObserver) { self.target = target }

    func wasShown(_ webState: WebState) { target?.wasShown(webState) }
    func wasHidden(_ webState: WebState) { target?.wasHidden(webState) }
    func didStartNavigation(_ webState: WebState, context: NavigationContext) {
        target?.didStartNavigation(webState, context: context)
    }
    func didRedirectNavigation(_ webState: WebState, context: NavigationContext) {
        target?.didRedirectNavigation(webState, context: context)
    }
    func didFinishNavigation(_ webState: WebState, context: NavigationContext) {
        target?.didFinishNavigation(webState, context: context)
    }
    func didStartLoading(_ webState: WebState) { target?.didStartLoading(webState) }
    func didStopLoading(_ webState: WebState) { target?.didStopLoading(webState) }
    func pageLoaded(_ webState: WebState, status: PageLoadCompletionStatus) {
        target?.pageLoaded(webState, status: status)
    }
    func loadProgressChanged(_ webState: WebState, progress: Double) {
        target?.loadProgressChanged(webState, progress: progress)
    }
    func didChangeBackForwardState(_ webState: WebState) { target?.didChangeBackForwardState(webState) }
    func titleWasSet(_ webState: WebState) { target?.titleWasSet(webState) }
    func didChangeVisibleSecurityState(_ webState: WebState) {
        target?.didChangeVisibleSecurityState(webState)
    }
    func faviconURLUpdated(_ webState: WebState, url: URL?) { target?.faviconURLUpdated(webState, url: url) }
    func renderProcessGone(_ webState: WebState) { target?.renderProcessGone(webState) }
    func didChangeZoomLevel(_ webState: WebState) { target?.didChangeZoomLevel(webState) }
    func popupBlocked(_ webState: WebState, url: URL?) { target?.popupBlocked(webState, url: url) }
    func webStateRealized(_ webState: WebState) { target?.webStateRealized(webState) }
    func webStateDiscarded(_ webState: WebState) { target?.webStateDiscarded(webState) }
    func webStateDestroyed(_ webState: WebState) { target?.webStateDestroyed(webState) }
}

extension AllWebStateObservationForwarder {
    /// Forwards every tab's events of `list` to `observer` through a bridge, so that the
    /// forwarder does not keep `observer` alive.
    convenience init(list: WebStateList, weakObserver observer: any WebStateObserver) {
        self.init(list: list, observer: WebStateObserverBridge(target: observer))
    }
}

extension ActiveWebStateObservationForwarder {
    /// Forwards the active tab's events of `list` to `observer` through a bridge, so that
    /// the forwarder does not keep `observer` alive.
    convenience init(list: WebStateList, weakObserver observer: any WebStateObserver) {
        self.init(list: list, observer: WebStateObserverBridge(target: observer))
    }
}
