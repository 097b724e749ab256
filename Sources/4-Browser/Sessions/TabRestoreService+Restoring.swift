public import TabModel
public import Web

extension TabRestoreService {
    /// Removes the entry `entryID` and returns it.
    @discardableResult
    public func removeEntry(_ entryID: Int) -> Entry? {
        guard let index = entries.firstIndex(where: { $0.id == entryID }) else { return nil }
        let entry = entries.remove(at: index)
        persist()
        return entry
    }

    public func clear() {
        entries.removeAll()
        persist()
    }

    /// Restores the closed tab `entryID`: into the window in `browsers` whose session id
    /// (given by `sessionID`) matches the tab's, else into `fallback`; at its old index
    /// (clamped), pinned if it was, activated. `makeWebState` creates the (unrealized) tab
    /// from its storage — usually ``SessionRestorationService/createUnrealizedWebState(for:storage:)``.
    @discardableResult
    public func restoreTab(
        _ entryID: Int, browsers: [Browser], sessionID: (Browser) -> String?, fallback: Browser,
        makeWebState: (Browser, WebStateStorage) -> WebState
    ) -> WebState? {
        guard let entry = entries.first(where: { $0.id == entryID }), case .tab(let tab) = entry else {
            return nil
        }
        removeEntry(entryID)
        let target =
            browsers.first { tab.windowSessionID != nil && sessionID($0) == tab.windowSessionID } ?? fallback
        let list = target.webStateList
        let webState = makeWebState(target, tab.storage)
        let index =
            tab.isPinned
            ? min(tab.index, list.pinnedCount) : min(max(tab.index, list.pinnedCount), list.count)
        var params = WebStateListInsertionParams.atIndex(index).activating().pinning(tab.isPinned)
        if let groupID = tab.groupID, !tab.isPinned, let group = list.group(withID: groupID) {
            params = params.inGroup(group)
        }
        list.insert(webState, params)
        return webState
    }

    /// Restores the closed window `entryID` into the (new, empty) `browser`.
    @discardableResult
    public func restoreWindow(
        _ entryID: Int, into browser: Browser, makeWebState: (Browser, WebStateStorage) -> WebState
    ) -> [WebState] {
        guard let entry = entries.first(where: { $0.id == entryID }), case .window(let window) = entry else {
            return []
        }
        removeEntry(entryID)
        let list = browser.webStateList
        var restored: [WebState] = []
        list.performBatchOperation {
            for (index, tab) in window.tabs.enumerated() {
                let webState = makeWebState(browser, tab.storage)
                list.insert(webState, .atIndex(list.count).pinning(index < window.pinnedCount))
                restored.append(webState)
            }
            if let active = window.activeIndex, active < list.count { list.activate(at: active) }
        }
        return restored
    }
}
