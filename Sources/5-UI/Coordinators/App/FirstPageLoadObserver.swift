import TabModel
import Web

/// Calls its closure once, when the active tab of a list first finishes loading a page
/// (`make run`'s screenshot and the test event log wait for it).
@MainActor
final class FirstPageLoadObserver: WebStateObserver {
    private var forwarder: ActiveWebStateObservationForwarder?
    private var action: (@MainActor () -> Void)?

    init(webStateList: WebStateList, action: @escaping @MainActor () -> Void) {
        self.action = action
        forwarder = ActiveWebStateObservationForwarder(list: webStateList, observer: self)
    }

    func pageLoaded(_ webState: WebState, status: PageLoadCompletionStatus) {
        guard let action, webState.visibleURL?.absoluteString != "about:blank" else { return }
        self.action = nil
        forwarder = nil
        action()
    }
}
