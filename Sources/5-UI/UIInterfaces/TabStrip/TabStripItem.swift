public import Foundation

/// What the tab strip shows of one tab: plain values pushed by the tab strip mediator.
public struct TabStripItem: Equatable, Sendable {
    /// The tab's identity, stable for its lifetime (opaque to the UI).
    public var id: TabIdentifier
    /// The title (the URL when the page has none).
    public var title: String
    /// The page's URL, as text.
    public var url: String
    /// Whether the page is loading.
    public var isLoading: Bool
    /// Whether the tab is pinned.
    public var isPinned: Bool
    /// The favicon as PNG bytes, when known.
    public var favicon: Data?
    /// The tab's group, if any.
    public var group: TabStripGroup?
    /// Whether the tab's web process crashed (a crash page is shown).
    public var isCrashed: Bool

    public init(
        id: TabIdentifier, title: String, url: String = "", isLoading: Bool = false, isPinned: Bool = false,
        favicon: Data? = nil, group: TabStripGroup? = nil, isCrashed: Bool = false
    ) {
        self.id = id
        self.title = title
        self.url = url
        self.isLoading = isLoading
        self.isPinned = isPinned
        self.favicon = favicon
        self.group = group
        self.isCrashed = isCrashed
    }
}
