/// Observes a ``WebStateList``. Every method has an empty default. Observers must not
/// mutate the list they observe (a precondition failure).
@MainActor
public protocol WebStateListObserver: AnyObject {
    /// A tab is about to be detached; the only "will" event.
    func webStateListWillChange(
        _ list: WebStateList, detach: WebStateListChange.Detach, status: WebStateListStatus)
    /// The list changed.
    func webStateListDidChange(_ list: WebStateList, change: WebStateListChange, status: WebStateListStatus)
    /// A batch operation starts.
    func webStateListWillBeginBatchOperation(_ list: WebStateList)
    func webStateListBatchOperationEnded(_ list: WebStateList)
    /// The list is being destroyed (its tabs are destroyed right after).
    func webStateListDestroyed(_ list: WebStateList)
}

extension WebStateListObserver {
    /// Does nothing.
    public func webStateListWillChange(
        _ list: WebStateList, detach: WebStateListChange.Detach, status: WebStateListStatus
    ) {}
    /// Does nothing.
    public func webStateListDidChange(
        _ list: WebStateList, change: WebStateListChange, status: WebStateListStatus
    ) {}
    /// Does nothing.
    public func webStateListWillBeginBatchOperation(_ list: WebStateList) {}
    /// Does nothing.
    public func webStateListBatchOperationEnded(_ list: WebStateList) {}
    /// Does nothing.
    public func webStateListDestroyed(_ list: WebStateList) {}
}
