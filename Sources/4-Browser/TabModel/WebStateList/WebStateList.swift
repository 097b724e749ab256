public import Base
import Web

/// An ordered, observable list of tabs (WebStates) with an active tab, opener
/// relationships, a pinned section and tab groups (Chromium's WebStateList).
///
/// Invariants: pinned tabs come first (`0 ..< pinnedCount`); a tab is exactly one of
/// pinned, grouped or ungrouped; every group is a contiguous, non-empty range.
/// The list is not re-entrant: mutating it from an observer or delegate callback is a
/// programming error and fails with a precondition.
@MainActor
public final class WebStateList {
    struct Item {
        var webState: WebState
        var opener: WebStateOpener?
        var group: TabGroup?
        var resetOpenerOnActiveChange = false
    }

    var items: [Item] = []
    /// Identities of the tabs in the list, for O(1) membership checks.
    var members: Set<ObjectIdentifier> = []
    /// How many items have an opener; lets removals skip the opener scan when none has.
    private var itemsWithOpener = 0
    var activeIndexStorage = -1
    /// The number of pinned tabs (they occupy `0 ..< pinnedCount`).
    public internal(set) var pinnedCount = 0
    var groupSet: Set<TabGroup> = []
    private let observers = ObserverList<any WebStateListObserver>()
    /// The delegate (not owned).
    public private(set) weak var delegate: (any WebStateListDelegate)?
    /// Whether observers or the delegate are being called for a mutation.
    public private(set) var isMutating = false
    public private(set) var isBatchInProgress = false
    /// Whether ``destroy()`` was called.
    public private(set) var isDestroyed = false

    /// Creates an empty list with `delegate` (held weakly; usually the BrowserList's).
    public init(delegate: (any WebStateListDelegate)?) { self.delegate = delegate }

    // MARK: Observers

    /// Adds an observer (held weakly).
    public func addObserver(_ observer: any WebStateListObserver) { observers.add(observer) }
    /// Removes `observer`; a no-op if it is not observing.
    public func removeObserver(_ observer: any WebStateListObserver) { observers.remove(observer) }

    // MARK: Mutation lock

    func checkIndex(_ index: Int, _ function: StaticString = #function) {
        precondition(
            index >= 0 && index < items.count,
            "WebStateList.\(function): index \(index) out of range (count \(items.count))")
    }

    func locked<T>(_ function: StaticString = #function, _ body: () -> T) -> T {
        precondition(
            !isMutating,
            "WebStateList.\(function): the list was mutated from inside one of its observer or delegate "
                + "callbacks; observers must not change the list they observe")
        precondition(!isDestroyed, "WebStateList.\(function): the list was destroyed")
        isMutating = true
        defer { isMutating = false }
        return body()
    }

    func notify(_ change: WebStateListChange, oldActive: WebState?) {
        let status = WebStateListStatus(oldActiveWebState: oldActive, newActiveWebState: activeWebState)
        observers.forEach { $0.webStateListDidChange(self, change: change, status: status) }
    }

    func notifyWillDetach(_ change: WebStateListChange.Detach, status: WebStateListStatus) {
        observers.forEach { $0.webStateListWillChange(self, detach: change, status: status) }
    }

    // MARK: Openers

    func clearOpeners(of webState: WebState) {
        guard itemsWithOpener > 0 else { return }
        for i in items.indices where items[i].opener?.webState === webState { setItemOpener(at: i, nil) }
    }

    /// Sets an item's opener, keeping ``itemsWithOpener`` right.
    func setItemOpener(at index: Int, _ opener: WebStateOpener?) {
        let had = items[index].opener != nil
        items[index].opener = opener
        itemsWithOpener += (opener != nil ? 1 : 0) - (had ? 1 : 0)
    }

    // MARK: Batches and destruction

    /// Runs `body` as one batch: observers get willBeginBatchOperation before and
    /// batchOperationEnded after. Batches do not nest.
    public func performBatchOperation<T>(_ body: () throws -> T) rethrows -> T {
        locked {
            precondition(!isBatchInProgress, "WebStateList.performBatchOperation: batches do not nest")
            isBatchInProgress = true
            observers.forEach { $0.webStateListWillBeginBatchOperation(self) }
        }
        defer {
            locked {
                isBatchInProgress = false
                observers.forEach { $0.webStateListBatchOperationEnded(self) }
            }
        }
        return try body()
    }

    /// Destroys the list: observers get webStateListDestroyed, then every tab is destroyed
    /// (without detach events). The list cannot be used afterwards.
    public func destroy() {
        locked {
            observers.forEach { $0.webStateListDestroyed(self) }
        }
        isDestroyed = true
        let remaining = items
        items.removeAll()
        members.removeAll()
        itemsWithOpener = 0
        activeIndexStorage = -1
        pinnedCount = 0
        groupSet.removeAll()
        for item in remaining { item.webState.close() }
    }
}

/// Observers that should stop with their owner keep a ``ScopedObservation`` of the list
/// instead of calling ``WebStateList/removeObserver(_:)`` themselves.
extension WebStateList: ObservationSource {
    /// What ``addObserver(_:)`` takes: observers are held weakly.
    public typealias Observer = any WebStateListObserver
}
