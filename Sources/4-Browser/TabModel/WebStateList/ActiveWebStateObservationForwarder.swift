public import Web

/// Forwards one ``WebStateObserver``'s events from whichever tab of a ``WebStateList`` is
/// active, following activation changes (mediators use it, e.g. for the toolbar).
@MainActor
public final class ActiveWebStateObservationForwarder: WebStateListObserver {
    private weak var list: WebStateList?
    private let observer: any WebStateObserver
    private weak var observed: WebState?

    /// Starts forwarding the active tab's events of `list` to `observer` (held strongly by
    /// the forwarder; keep the forwarder alive as long as forwarding is wanted).
    public init(list: WebStateList, observer: any WebStateObserver) {
        self.list = list
        self.observer = observer
        list.addObserver(self)
        follow(list.activeWebState)
    }

    private func follow(_ webState: WebState?) {
        guard webState !== observed else { return }
        if let observed, !observed.isBeingDestroyed { observed.removeObserver(observer) }
        observed = webState
        webState?.addObserver(observer)
    }

    /// Follows the active tab.
    public func webStateListDidChange(
        _ list: WebStateList, change: WebStateListChange, status: WebStateListStatus
    ) {
        if status.activeWebStateChanged { follow(status.newActiveWebState) }
        if case .replace(let replace) = change, replace.insertedWebState === list.activeWebState {
            follow(replace.insertedWebState)
        }
    }

    /// Stops forwarding.
    public func webStateListDestroyed(_ list: WebStateList) {
        follow(nil)
        list.removeObserver(self)
    }

    isolated deinit {
        if let observed, !observed.isBeingDestroyed { observed.removeObserver(observer) }
        list?.removeObserver(self)
    }
}
