import TabModel

extension AppState {
    /// Moves the tab at `index` of `source` to `target`'s list, selected — or to a new window
    /// when `target` is nil — and announces the move (or the new window). It goes to `insertionIndex` of the
    /// target's list (a tab dropped on its tab bar; joining a group it lands inside of, and
    /// at the end for an index among the pinned tabs, as the list's order controller places
    /// tabs), or to the end when that is nil (the menu's "Move to Window"). The tab moves as it is:
    /// realized with its page, or unrealized; its session files follow it at the next save.
    /// Both windows must belong to one profile.
    public func moveTab(
        at index: Int, from source: SceneState, to target: SceneState?, insertingAt insertionIndex: Int? = nil
    ) {
        precondition(
            scenes.contains { $0 === source }, "AppState.moveTab: the source window is not open")
        precondition(
            index >= 0 && index < source.browser.webStateList.count,
            "AppState.moveTab: index \(index) out of range")
        if let target {
            precondition(scenes.contains { $0 === target }, "AppState.moveTab: the target window is not open")
            precondition(
                target.profile === source.profile,
                "AppState.moveTab: the windows belong to different profiles")
            precondition(target !== source, "AppState.moveTab: the tab is in that window already")
        }
        if let insertionIndex {
            let count = target?.browser.webStateList.count ?? 0
            precondition(
                insertionIndex >= 0 && insertionIndex <= count,
                "AppState.moveTab: insertion index \(insertionIndex) out of range")
        }
        let destination = target ?? makeScene(profile: source.profile, sessionID: Self.newSessionID())
        let webState = source.browser.webStateList.detach(at: index)
        let params: WebStateListInsertionParams = insertionIndex.map { .atIndex($0) } ?? .automatic
        destination.browser.webStateList.insert(webState, params.activating())
        if let target {
            observers.forEach { $0.appState(self, movedTabFrom: source, to: target) }
        } else {
            connect(destination)
        }
    }
}
