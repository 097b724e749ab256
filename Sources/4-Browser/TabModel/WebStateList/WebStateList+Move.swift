import Web

extension WebStateList {
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
    func moveItem(from: Int, to: Int, newGroup: TabGroup?, pinned: Bool, pinnedStateChanged: Bool) {
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
}
