public import Web

extension WebStateList {
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
}
