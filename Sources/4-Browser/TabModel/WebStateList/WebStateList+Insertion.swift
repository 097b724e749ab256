public import Web

extension WebStateList {
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
}
