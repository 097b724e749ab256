import Base
public import Web

/// Forwards the events of whichever tab of a ``WebStateList`` is active to one
/// ``WebStateObserver``, following activation changes (Chromium's
/// ios/chrome/browser/shared/model/web_state_list/active_web_state_observation_forwarder.h).
///
/// The forwarding lasts as long as the forwarder: its owner, usually the observer itself,
/// keeps it and drops it to stop. It holds neither the list nor the observer (Chromium asks
/// that the observer outlive the forwarder; here a freed observer is simply no longer
/// called, and the forwarder stops following the list).
@MainActor
public final class ActiveWebStateObservationForwarder: WebStateListObserver {
    private weak var observer: (any WebStateObserver)?
    private var listObservation: ScopedObservation<WebStateList>?
    private var webStateObservation: ScopedObservation<WebState>?
    private weak var observed: WebState?

    /// Adds `observer` to the active tab of `list` now, and to each tab that becomes active.
    public init(list: WebStateList, observer: any WebStateObserver) {
        self.observer = observer
        listObservation = ScopedObservation(list, observer: self)
        follow(list.activeWebState)
    }

    private func follow(_ webState: WebState?) {
        guard webState !== observed else { return }
        webStateObservation?.reset()
        webStateObservation = nil
        observed = webState
        guard let webState, let observer else { return }
        webStateObservation = ScopedObservation(webState, observer: observer)
    }

    private func stop() {
        follow(nil)
        listObservation?.reset()
        listObservation = nil
    }

    /// Follows the active tab (or stops, once the observer is gone).
    public func webStateListDidChange(
        _ list: WebStateList, change: WebStateListChange, status: WebStateListStatus
    ) {
        guard observer != nil else {
            stop()
            return
        }
        if status.activeWebStateChanged { follow(status.newActiveWebState) }
        if case .replace(let replace) = change, replace.insertedWebState === list.activeWebState {
            follow(replace.insertedWebState)
        }
    }

    /// Stops before the list destroys its tabs.
    public func webStateListDestroyed(_ list: WebStateList) { stop() }
}
