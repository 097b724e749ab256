public import Web

/// Forwards one ``WebStateObserver``'s events from every tab of a ``WebStateList``, adding
/// and removing the observer as tabs come and go.
@MainActor
public final class AllWebStateObservationForwarder: WebStateListObserver {
    private weak var list: WebStateList?
    private let observer: any WebStateObserver
    private var observed: [ObjectIdentifier: WebState] = [:]

    /// Starts forwarding every tab's events of `list` to `observer` (held strongly).
    public init(list: WebStateList, observer: any WebStateObserver) {
        self.list = list
        self.observer = observer
        list.addObserver(self)
        for webState in list.webStates { start(webState) }
    }

    private func start(_ webState: WebState) {
        guard observed.updateValue(webState, forKey: ObjectIdentifier(webState)) == nil else { return }
        webState.addObserver(observer)
    }

    private func stop(_ webState: WebState) {
        guard observed.removeValue(forKey: ObjectIdentifier(webState)) != nil else { return }
        if !webState.isBeingDestroyed { webState.removeObserver(observer) }
    }

    /// Follows insertions, replacements and detaches.
    public func webStateListDidChange(
        _ list: WebStateList, change: WebStateListChange, status: WebStateListStatus
    ) {
        switch change {
        case .insert(let insert): start(insert.insertedWebState)
        case .replace(let replace):
            stop(replace.replacedWebState)
            start(replace.insertedWebState)
        case .detach(let detach): stop(detach.detachedWebState)
        default: break
        }
    }

    /// Stops forwarding.
    public func webStateListDestroyed(_ list: WebStateList) {
        for webState in Array(observed.values) { stop(webState) }
        list.removeObserver(self)
    }

    isolated deinit {
        for webState in observed.values where !webState.isBeingDestroyed { webState.removeObserver(observer) }
        list?.removeObserver(self)
    }
}
