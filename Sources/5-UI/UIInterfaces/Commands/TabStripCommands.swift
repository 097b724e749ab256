/// What the user does to tabs in the tab strip (and its keyboard shortcuts). Moving a tab to
/// another window is a ``SceneCommands``: windows are the application's.
@MainActor
public protocol TabStripCommands: AnyObject {
    /// Selects the tab `id`.
    func selectTab(_ id: TabIdentifier)
    /// Selects the tab at `index` (Ctrl+1…8); an index past the end selects nothing.
    func selectTab(atIndex index: Int)
    /// Selects the last tab (Ctrl+9).
    func selectLastTab()
    /// Selects the next tab (`offset` 1) or the previous one (-1), wrapping around.
    func selectTab(byOffset offset: Int)
    /// Closes the tab `id`.
    func closeTab(_ id: TabIdentifier)
    /// Moves the tab `id` to `index` (a drag in the tab bar).
    func moveTab(_ id: TabIdentifier, to index: Int)
    /// Moves the selected tab one place left (-1) or right (1).
    func moveSelectedTab(byOffset offset: Int)
    /// Pins or unpins the tab `id`.
    func setTabPinned(_ id: TabIdentifier, pinned: Bool)
    /// Opens a copy of the tab `id` next to it.
    func duplicateTab(_ id: TabIdentifier)
    /// Reloads the tab `id`.
    func reloadTab(_ id: TabIdentifier)
    /// Closes every tab but `id` (pinned tabs stay).
    func closeOtherTabs(_ id: TabIdentifier)
    /// Closes the tabs to the right of `id`.
    func closeTabsToTheRight(of id: TabIdentifier)
}
