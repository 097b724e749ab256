import Base
public import Web

/// Forwards the events of every tab of a ``WebStateList`` to one ``WebStateObserver``,
/// adding and removing the observer as tabs come and go (Chromium's
/// ios/chrome/browser/shared/model/web_state_list/all_web_state_observation_forwarder.h).
///
/// The forwarding lasts as long as the forwarder: its owner, usually the observer itself,
/// keeps it and drops it to stop. It holds neither the list nor the observer (Chromium asks
/// that the observer outlive the forwarder; here a freed observer is simply no longer
/// called, and the forwarder stops following the list).
@MainActor
public final class AllWebStateObservationForwarder: WebStateListObserver {
    private weak var observer: (any WebStateObserver)?
    private var listObservation: ScopedObservation<WebStateList>?
    /// One observation per tab (Chromium's forwarder keeps a
    /// `base::ScopedMultiSourceObservation`).
    private var webStateObservations: [ObjectIdentifier: ScopedObservation<WebState>] = [:]

    /// Adds `observer` to every tab of `list` now, and to each tab that comes.
    public init(list: WebStateList, observer: any WebStateObserver) {
        self.observer = observer
        listObservation = ScopedObservation(list, observer: self)
        for webState in list.webStates { start(webState) }
    }

    private func start(_ webState: WebState) {
        let key = ObjectIdentifier(webState)
        guard webStateObservations[key] == nil, let observer else { return }
        webStateObservations[key] = ScopedObservation(webState, observer: observer)
    }

    private func stop(_ webState: WebState) {
        webStateObservations.removeValue(forKey: ObjectIdentifier(webState))?.reset()
    }

    private func stop() {
        for observation in webStateObservations.values { observation.reset() }
        webStateObservations.removeAll()
        listObservation?.reset()
        listObservation = nil
    }

    /// Follows insertions, replacements and detaches (or stops, once the observer is gone).
    public func webStateListDidChange(
        _ list: WebStateList, change: WebStateListChange, status: WebStateListStatus
    ) {
        guard observer != nil else {
            stop()
            return
        }
        switch change {
        case .insert(let insert): start(insert.insertedWebState)
        case .replace(let replace):
            stop(replace.replacedWebState)
            start(replace.insertedWebState)
        case .detach(let detach): stop(detach.detachedWebState)
        default: break
        }
    }

    /// Stops before the list destroys its tabs.
    public func webStateListDestroyed(_ list: WebStateList) { stop() }
}
