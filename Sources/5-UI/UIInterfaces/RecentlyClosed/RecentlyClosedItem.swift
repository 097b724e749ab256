/// One entry of the recently closed list as the menu shows it: a closed tab or a closed
/// window, newest first.
public struct RecentlyClosedItem: Equatable, Sendable {
    /// Identifies the entry; sent back to reopen it (opaque to the UI).
    public var id: Int
    /// The tab's title; for a window, its first tab's title. May be empty.
    public var title: String
    /// Whether the entry is a whole window rather than one tab.
    public var isWindow: Bool
    /// How many tabs the entry reopens (1 for a tab).
    public var tabCount: Int

    public init(id: Int, title: String, isWindow: Bool = false, tabCount: Int = 1) {
        self.id = id
        self.title = title
        self.isWindow = isWindow
        self.tabCount = tabCount
    }
}
