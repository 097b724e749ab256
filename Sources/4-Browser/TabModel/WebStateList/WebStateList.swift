public import Base
public import Foundation
public import Web

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
    private var members: Set<ObjectIdentifier> = []
    /// How many items have an opener; lets removals skip the opener scan when none has.
    private var itemsWithOpener = 0
    private var activeIndexStorage = -1
    /// The number of pinned tabs (they occupy `0 ..< pinnedCount`).
    public private(set) var pinnedCount = 0
    private var groupSet: Set<TabGroup> = []
    private let observers = ObserverList<any WebStateListObserver>()
    /// The delegate (not owned).
    public private(set) weak var delegate: (any WebStateListDelegate)?
    /// Whether observers or the delegate are being called for a mutation.
    public private(set) var isMutating = false
    /// Whether a batch operation is running.
    public private(set) var isBatchInProgress = false
    /// Whether ``destroy()`` was called.
    public private(set) var isDestroyed = false

    /// Creates an empty list with `delegate` (held weakly; usually the BrowserList's).
    public init(delegate: (any WebStateListDelegate)?) { self.delegate = delegate }

    // MARK: Queries

    /// The number of tabs.
    public var count: Int { items.count }
    /// Whether there are no tabs.
    public var isEmpty: Bool { items.isEmpty }
    /// The number of tabs that are not pinned.
    public var regularCount: Int { items.count - pinnedCount }
    /// The active tab's index, or nil.
    public var activeIndex: Int? { activeIndexStorage >= 0 ? activeIndexStorage : nil }
    /// The active tab.
    public var activeWebState: WebState? {
        activeIndexStorage >= 0 ? items[activeIndexStorage].webState : nil
    }
    /// Every tab, in order.
    public var webStates: [WebState] { items.map(\.webState) }
    /// Whether `index` is a valid index.
    public func containsIndex(_ index: Int) -> Bool { index >= 0 && index < items.count }

    /// The tab at `index`; an invalid index is a programming error.
    public func webState(at index: Int) -> WebState {
        checkIndex(index)
        return items[index].webState
    }

    /// Whether `webState` is in the list (O(1)).
    public func contains(_ webState: WebState) -> Bool { members.contains(ObjectIdentifier(webState)) }

    /// The index of `webState`, or nil.
    public func index(of webState: WebState) -> Int? {
        guard contains(webState) else { return nil }
        for index in items.indices where items[index].webState === webState { return index }
        return nil
    }

    /// The index of the first tab whose visible URL is `url`.
    public func indexOfWebState(withURL url: URL) -> Int? {
        items.firstIndex { $0.webState.visibleURL == url }
    }

    /// The index of the first tab other than the active one whose visible URL is `url`.
    public func indexOfInactiveWebState(withURL url: URL) -> Int? {
        items.indices.first { $0 != activeIndexStorage && items[$0].webState.visibleURL == url }
    }

    /// The opener of the tab at `index`.
    public func opener(at index: Int) -> WebStateOpener? {
        checkIndex(index)
        return items[index].opener
    }

    /// Whether the tab at `index` is pinned.
    public func isPinned(at index: Int) -> Bool {
        checkIndex(index)
        return index < pinnedCount
    }

    /// The group of the tab at `index`.
    public func group(at index: Int) -> TabGroup? {
        checkIndex(index)
        return items[index].group
    }

    /// Every group (unordered).
    public var groups: Set<TabGroup> { groupSet }

    /// Whether `group` belongs to this list.
    public func containsGroup(_ group: TabGroup) -> Bool { groupSet.contains(group) }

    /// The group with identifier `id`, if any.
    public func group(withID id: TabGroupID) -> TabGroup? { groupSet.first { $0.id == id } }

    // MARK: Observers

    /// Adds an observer (held weakly).
    public func addObserver(_ observer: any WebStateListObserver) { observers.add(observer) }
    /// Removes an observer.
    public func removeObserver(_ observer: any WebStateListObserver) { observers.remove(observer) }

    // MARK: Mutation lock

    private func checkIndex(_ index: Int, _ function: StaticString = #function) {
        precondition(
            index >= 0 && index < items.count,
            "WebStateList.\(function): index \(index) out of range (count \(items.count))")
    }

    private func locked<T>(_ function: StaticString = #function, _ body: () -> T) -> T {
        precondition(
            !isMutating,
            "WebStateList.\(function): the list was mutated from inside one of its observer or delegate "
                + "callbacks; observers must not change the list they observe")
        precondition(!isDestroyed, "WebStateList.\(function): the list was destroyed")
        isMutating = true
        defer { isMutating = false }
        return body()
    }

    private var status: WebStateListStatus {
        WebStateListStatus(oldActiveWebState: nil, newActiveWebState: nil)
    }

    private func notify(_ change: WebStateListChange, oldActive: WebState?) {
        let status = WebStateListStatus(oldActiveWebState: oldActive, newActiveWebState: activeWebState)
        observers.forEach { $0.webStateListDidChange(self, change: change, status: status) }
    }

    // MARK: Insertion

    /// Inserts `webState` as `params` say and returns its index. Inserting a tab that is
    /// already in the list, pinned together with a group, an opener that is not in the
    /// list or a group that is not this list's are programming errors.
    @discardableResult
    public func insert(_ webState: WebState, _ params: WebStateListInsertionParams = .automatic) -> Int {
        locked {
            precondition(
                index(of: webState) == nil, "WebStateList.insert: the WebState is already in the list")
            precondition(
                !(params.pinned && params.group != nil),
                "WebStateList.insert: pinned and inGroup are exclusive")
            if let group = params.group {
                precondition(containsGroup(group), "WebStateList.insert: the group is not in this list")
            }
            var opener = params.opener
            if params.inheritOpener {
                for i in items.indices { setItemOpener(at: i, nil) }
                opener = activeWebState.map { WebStateOpener($0) }
            }
            var openerIndex: Int?
            if let opener {
                openerIndex = index(of: opener.webState)
                precondition(openerIndex != nil, "WebStateList.insert: the opener is not in the list")
            }
            var group = params.group
            if group == nil, let openerIndex { group = items[openerIndex].group }
            let pinned = params.pinned && group == nil
            var index = OrderController(list: self).insertionIndex(
                desiredIndex: params.desiredIndex, openerIndex: openerIndex, pinned: pinned, group: group)
            if !pinned && group == nil {
                // Contiguity: a tab inserted between two tabs of one group joins it.
                if index > 0 && index < items.count, let left = items[index - 1].group,
                    left === items[index].group
                {
                    group = left
                }
            }
            if pinned { index = min(index, pinnedCount) }
            delegate?.willAddWebState(webState)
            let oldActive = activeWebState
            items.insert(Item(webState: webState, opener: nil, group: group), at: index)
            members.insert(ObjectIdentifier(webState))
            if pinned { pinnedCount += 1 }
            if activeIndexStorage >= index { activeIndexStorage += 1 }
            updateGroupRanges()
            if params.inheritOpener { items[index].resetOpenerOnActiveChange = true }
            if params.activate { setActiveIndex(index) }
            if let opener { setItemOpener(at: index, opener) }
            notify(
                .insert(.init(insertedWebState: webState, index: index, group: group)), oldActive: oldActive)
            return index
        }
    }

    // MARK: Move

    /// Moves the tab at `from` to `to`, clamped into its section (pinned or not). The tab
    /// keeps its group if the destination is in it, else joins the group shared by its new
    /// neighbours, else becomes ungrouped.
    public func move(from: Int, to: Int) {
        locked {
            checkIndex(from)
            let pinned = from < pinnedCount
            let destination =
                pinned ? min(max(to, 0), pinnedCount - 1) : min(max(to, pinnedCount), items.count - 1)
            let oldGroup = items[from].group
            var newGroup: TabGroup?
            if let oldGroup, oldGroup.range.contains(destination) {
                newGroup = oldGroup
            } else if destination != from, !pinned {
                let (left, right) =
                    destination > from ? (destination, destination + 1) : (destination - 1, destination)
                if left >= 0 && right < items.count, let g = items[left].group, g === items[right].group {
                    newGroup = g
                }
            }
            if destination == from && newGroup === oldGroup { return }
            moveItem(
                from: from, to: destination, newGroup: newGroup, pinned: pinned, pinnedStateChanged: false)
        }
    }

    /// Moves an item, updates ranges and the active index, and notifies (move or status
    /// only, then groupDelete for an emptied group). Must be called locked.
    private func moveItem(from: Int, to: Int, newGroup: TabGroup?, pinned: Bool, pinnedStateChanged: Bool) {
        let oldActive = activeWebState
        var item = items.remove(at: from)
        let oldGroup = item.group
        item.group = newGroup
        items.insert(item, at: to)
        if activeIndexStorage == from {
            activeIndexStorage = to
        } else if from < activeIndexStorage && activeIndexStorage <= to {
            activeIndexStorage -= 1
        } else if to <= activeIndexStorage && activeIndexStorage < from {
            activeIndexStorage += 1
        }
        updateGroupRanges()
        if from != to {
            notify(
                .move(
                    .init(
                        movedWebState: item.webState, oldIndex: from, newIndex: to,
                        pinnedStateChanged: pinnedStateChanged, oldGroup: oldGroup, newGroup: newGroup)),
                oldActive: oldActive)
        } else {
            notify(
                .statusOnly(
                    .init(
                        webState: item.webState, index: to, pinnedStateChanged: pinnedStateChanged,
                        oldGroup: oldGroup, newGroup: newGroup)),
                oldActive: oldActive)
        }
        deleteGroupIfEmpty(oldGroup)
    }

    // MARK: Replace

    /// Replaces the tab at `index` with `webState` (same index and group, no opener) and
    /// returns the replaced tab, which the caller now owns.
    @discardableResult
    public func replace(at index: Int, with webState: WebState) -> WebState {
        locked {
            checkIndex(index)
            precondition(
                self.index(of: webState) == nil, "WebStateList.replace: the WebState is already in the list")
            delegate?.willAddWebState(webState)
            let replaced = items[index].webState
            clearOpeners(of: replaced)
            items[index].webState = webState
            members.remove(ObjectIdentifier(replaced))
            members.insert(ObjectIdentifier(webState))
            setItemOpener(at: index, nil)
            items[index].resetOpenerOnActiveChange = false
            let wasActive = index == activeIndexStorage
            if wasActive { delegate?.willActivateWebState(webState) }
            notify(
                .replace(.init(replacedWebState: replaced, insertedWebState: webState, index: index)),
                oldActive: wasActive ? replaced : activeWebState)
            return replaced
        }
    }

    // MARK: Detach and close

    /// Detaches the tab at `index` and returns it (not destroyed; the caller owns it).
    @discardableResult
    public func detach(at index: Int) -> WebState {
        locked {
            checkIndex(index)
            return detachItems(RemovingIndexes([index]), isClosing: false, flags: [])[0]
        }
    }

    /// Closes (detaches and destroys) the tab at `index`.
    public func close(at index: Int, flags: WebStateListCloseFlags = []) {
        let detached = locked {
            checkIndex(index)
            return detachItems(RemovingIndexes([index]), isClosing: true, flags: flags)
        }
        for webState in detached { webState.close() }
    }

    /// Closes the tabs at `indices` with a single change of the active tab: the new active
    /// tab is chosen once, tabs are detached from the highest index down, and all of them
    /// are destroyed after the last detach.
    public func closeWebStates(atIndices indices: some Sequence<Int>, flags: WebStateListCloseFlags = []) {
        let removing = RemovingIndexes(indices)
        let detached = locked {
            for index in removing.indices { checkIndex(index) }
            return detachItems(removing, isClosing: true, flags: flags)
        }
        for webState in detached { webState.close() }
    }

    /// Detaches the tabs of `removing` from the highest index down. Must be called locked.
    private func detachItems(
        _ removing: RemovingIndexes, isClosing: Bool, flags: WebStateListCloseFlags
    )
        -> [WebState]
    {
        let newActiveIndex = OrderController(list: self).newActiveIndex(
            activeIndex: activeIndex, removing: removing)
        let newActive = newActiveIndex.map { items[$0].webState }
        var detached: [WebState] = []
        for index in removing.indices.reversed() {
            let item = items[index]
            let oldActive = activeWebState
            let removesActive = index == activeIndexStorage
            let nextActive = removesActive || activeIndexStorage < 0 ? newActive : oldActive
            let change = WebStateListChange.Detach(
                detachedWebState: item.webState, detachedFromIndex: index, isClosing: isClosing,
                isUserAction: flags.contains(.userAction), isTabsCleanup: flags.contains(.tabsCleanup),
                group: item.group)
            let willStatus = WebStateListStatus(oldActiveWebState: oldActive, newActiveWebState: nextActive)
            observers.forEach { $0.webStateListWillChange(self, detach: change, status: willStatus) }
            delegate?.willRemoveWebState(item.webState)
            clearOpeners(of: item.webState)
            setItemOpener(at: index, nil)
            items.remove(at: index)
            members.remove(ObjectIdentifier(item.webState))
            if index < pinnedCount { pinnedCount -= 1 }
            updateGroupRanges()
            if removesActive {
                activeIndexStorage =
                    newActive.flatMap { self.index(of: $0) } ?? -1
                if let active = activeWebState { delegate?.willActivateWebState(active) }
            } else if activeIndexStorage > index {
                activeIndexStorage -= 1
            }
            notify(.detach(change), oldActive: oldActive)
            deleteGroupIfEmpty(item.group)
            detached.append(item.webState)
        }
        return detached
    }

    private func clearOpeners(of webState: WebState) {
        guard itemsWithOpener > 0 else { return }
        for i in items.indices where items[i].opener?.webState === webState { setItemOpener(at: i, nil) }
    }

    /// Sets an item's opener, keeping ``itemsWithOpener`` right.
    private func setItemOpener(at index: Int, _ opener: WebStateOpener?) {
        let had = items[index].opener != nil
        items[index].opener = opener
        itemsWithOpener += (opener != nil ? 1 : 0) - (had ? 1 : 0)
    }

    // MARK: Activation and openers

    /// Activates the tab at `index`; nil deactivates. A no-op if already active.
    public func activate(at index: Int?) {
        locked {
            if let index { checkIndex(index) }
            let target = index ?? -1
            guard target != activeIndexStorage else { return }
            let oldActive = activeWebState
            setActiveIndex(target)
            let group = index.flatMap { items[$0].group }
            notify(
                .statusOnly(
                    .init(
                        webState: activeWebState, index: index, pinnedStateChanged: false, oldGroup: group,
                        newGroup: group)),
                oldActive: oldActive)
        }
    }

    /// Changes the active index: forgets the old active tab's inherited opener if marked,
    /// then tells the delegate. Must be called locked.
    private func setActiveIndex(_ index: Int) {
        guard index != activeIndexStorage else { return }
        if activeIndexStorage >= 0 && items[activeIndexStorage].resetOpenerOnActiveChange {
            setItemOpener(at: activeIndexStorage, nil)
            items[activeIndexStorage].resetOpenerOnActiveChange = false
        }
        activeIndexStorage = index
        if index >= 0 { delegate?.willActivateWebState(items[index].webState) }
    }

    /// Sets the opener of the tab at `index`; the opener must be in the list.
    public func setOpener(at index: Int, _ opener: WebStateOpener?) {
        locked {
            checkIndex(index)
            if let opener {
                precondition(
                    self.index(of: opener.webState) != nil, "WebStateList.setOpener: opener not in the list")
            }
            setItemOpener(at: index, opener)
        }
    }

    // MARK: Pinning

    /// Pins or unpins the tab at `index` and returns its new index. Pinning moves it to the
    /// end of the pinned section and out of its group; unpinning moves it to the end.
    @discardableResult
    public func setPinned(at index: Int, _ pinned: Bool) -> Int {
        locked {
            checkIndex(index)
            guard isPinned(at: index) != pinned else { return index }
            let destination: Int
            if pinned {
                destination = pinnedCount
                pinnedCount += 1
            } else {
                destination = items.count - 1
                pinnedCount -= 1
            }
            moveItem(from: index, to: destination, newGroup: nil, pinned: pinned, pinnedStateChanged: true)
            return destination
        }
    }

    // MARK: Groups

    /// Creates a group holding the tabs at `indices` (unpinning them or taking them out of
    /// their groups) and returns it.
    @discardableResult
    public func createGroup(
        indices: some Sequence<Int>, visualData: TabGroupVisualData, id: TabGroupID = .random()
    ) -> TabGroup {
        locked {
            let sorted = RemovingIndexes(indices).indices
            precondition(!sorted.isEmpty, "WebStateList.createGroup: no index")
            for index in sorted { checkIndex(index) }
            precondition(group(withID: id) == nil, "WebStateList.createGroup: a group with id \(id) exists")
            let first = sorted[0]
            var pivot = first
            if first < pinnedCount {
                pivot = pinnedCount
            } else if let group = items[first].group, first > 0, items[first - 1].group === group {
                pivot = group.range.end
            }
            let group = TabGroup(id: id, visualData: visualData, range: TabGroupRange(start: pivot, count: 0))
            groupSet.insert(group)
            notify(.groupCreate(group), oldActive: activeWebState)
            moveToGroupLocked(sorted, group)
            return group
        }
    }

    /// Moves the tabs at `indices` into `group`: tabs already in it stay, tabs left of it
    /// join its end (highest first), tabs right of it are appended.
    public func moveToGroup(indices: some Sequence<Int>, _ group: TabGroup) {
        locked {
            precondition(containsGroup(group), "WebStateList.moveToGroup: the group is not in this list")
            let sorted = RemovingIndexes(indices).indices
            for index in sorted { checkIndex(index) }
            moveToGroupLocked(sorted, group)
        }
    }

    private func moveToGroupLocked(_ sorted: [Int], _ group: TabGroup) {
        let left = sorted.filter { $0 < group.range.start }
        let right = sorted.filter { $0 >= group.range.end && items[$0].group !== group }
        // Highest first, each just before the previous one, so that they keep their order.
        var destination = group.range.end - 1
        for index in left.reversed() {
            let wasPinned = index < pinnedCount
            if wasPinned { pinnedCount -= 1 }
            moveItem(
                from: index, to: destination, newGroup: group, pinned: false,
                pinnedStateChanged: wasPinned)
            destination -= 1
        }
        for index in right {
            moveItem(
                from: index, to: group.range.end, newGroup: group, pinned: false, pinnedStateChanged: false)
        }
    }

    /// Takes the tabs at `indices` out of their groups; each lands right after its group,
    /// in order. Ungrouped and pinned tabs are unaffected.
    public func removeFromGroups(indices: some Sequence<Int>) {
        locked {
            let sorted = RemovingIndexes(indices).indices
            for index in sorted { checkIndex(index) }
            for index in sorted.reversed() {
                guard let group = items[index].group else { continue }
                moveItem(
                    from: index, to: group.range.end - 1, newGroup: nil, pinned: false,
                    pinnedStateChanged: false)
            }
        }
    }

    /// Moves the whole `group` so that it starts before the tab now at `beforeIndex`
    /// (clamped to the unpinned section; a destination inside another group snaps to that
    /// group's start). One groupMove event, no per-tab events.
    public func moveGroup(_ group: TabGroup, before beforeIndex: Int) {
        locked {
            precondition(containsGroup(group), "WebStateList.moveGroup: the group is not in this list")
            var before = min(max(beforeIndex, pinnedCount), items.count)
            if before < items.count, let other = items[before].group, other !== group,
                other.range.start < before
            {
                before = other.range.start
            }
            let from = group.range
            guard before < from.start || before > from.end else { return }
            let oldActive = activeWebState
            let activeItem = activeWebState
            let moving = Array(items[from.indices])
            items.removeSubrange(from.indices)
            let insertAt = before > from.end ? before - from.count : before
            items.insert(contentsOf: moving, at: insertAt)
            if let activeItem { activeIndexStorage = index(of: activeItem) ?? -1 }
            updateGroupRanges()
            notify(.groupMove(group: group, fromRange: from, toRange: group.range), oldActive: oldActive)
        }
    }

    /// Changes the look of `group`; a no-op if unchanged.
    public func updateGroupVisualData(_ group: TabGroup, _ visualData: TabGroupVisualData) {
        locked {
            precondition(
                containsGroup(group), "WebStateList.updateGroupVisualData: the group is not in this list")
            let old = group.visualData
            guard old != visualData else { return }
            group.visualData = visualData
            notify(.groupVisualDataUpdate(group: group, oldVisualData: old), oldActive: activeWebState)
        }
    }

    /// Deletes `group`; its tabs stay where they are, ungrouped (one status-only event
    /// each, then groupDelete).
    public func deleteGroup(_ group: TabGroup) {
        locked {
            precondition(containsGroup(group), "WebStateList.deleteGroup: the group is not in this list")
            // Like a move in place: the range shrinks before each status-only event and the
            // group is deleted once empty.
            for index in group.range.indices {
                moveItem(from: index, to: index, newGroup: nil, pinned: false, pinnedStateChanged: false)
            }
        }
    }

    private func deleteGroupIfEmpty(_ group: TabGroup?) {
        guard let group, groupSet.contains(group), !group.range.isValid else { return }
        group.range = .invalid
        groupSet.remove(group)
        notify(.groupDelete(group), oldActive: activeWebState)
    }

    /// Recomputes every group's range from the items (a no-op without groups).
    private func updateGroupRanges() {
        guard !groupSet.isEmpty else { return }
        var ranges: [ObjectIdentifier: TabGroupRange] = [:]
        for (index, item) in items.enumerated() {
            guard let group = item.group else { continue }
            let key = ObjectIdentifier(group)
            if var range = ranges[key] {
                assert(range.end == index, "WebStateList: group \(group.id) is not contiguous")
                range.count += 1
                ranges[key] = range
            } else {
                ranges[key] = TabGroupRange(start: index, count: 1)
            }
        }
        for group in groupSet {
            // An empty group keeps its anchor position (where its tabs will go).
            if let range = ranges[ObjectIdentifier(group)] {
                group.range = range
            } else {
                group.range = TabGroupRange(start: group.range.start, count: 0)
            }
        }
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
