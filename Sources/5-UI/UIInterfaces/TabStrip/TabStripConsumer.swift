/// What the tab strip mediator pushes to the tab strip (the AdwTabBar / AdwTabView view
/// controller). The strip never keeps a list of its own: it shows what it was last told,
/// and user actions on it (select, close, drag, pin) are sent as ``TabStripCommands``.
@MainActor
public protocol TabStripConsumer: AnyObject {
    /// Replaces every tab (on start and after a change too big to describe in steps).
    func setTabs(_ items: [TabStripItem], selectedIndex: Int?)
    /// A tab was inserted at `index`.
    func insertTab(_ item: TabStripItem, at index: Int)
    /// The tab at `fromIndex` moved to `toIndex`.
    func moveTab(from fromIndex: Int, to toIndex: Int)
    /// The tab at `index` was removed.
    func removeTab(at index: Int)
    /// The tab at `index` changed (title, loading, favicon, pinned, group…).
    func updateTab(_ item: TabStripItem, at index: Int)
    /// The tab at `index` is now the selected one (nil: none).
    func selectTab(at index: Int?)
}
