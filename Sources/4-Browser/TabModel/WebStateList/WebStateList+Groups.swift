import Web

extension WebStateList {
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

    func deleteGroupIfEmpty(_ group: TabGroup?) {
        guard let group, groupSet.contains(group), !group.range.isValid else { return }
        group.range = .invalid
        groupSet.remove(group)
        notify(.groupDelete(group), oldActive: activeWebState)
    }

    /// Recomputes every group's range from the items (a no-op without groups).
    func updateGroupRanges() {
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
}
