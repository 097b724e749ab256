import Web

extension WebStateList {
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
    func setActiveIndex(_ index: Int) {
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
}
