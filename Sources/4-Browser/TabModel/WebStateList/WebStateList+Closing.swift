public import Web

extension WebStateList {
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
            notifyWillDetach(change, status: willStatus)
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
}
