/// An entry of the header bar's Bookmarks menu: a bookmark (with its URL) or a folder (with
/// its entries, shown as a submenu).
public struct BookmarksMenuEntry: Sendable, Hashable {
    /// The node id in the model, which the commands name.
    public var id: Int64
    public var title: String
    /// Nil for a folder.
    public var url: String?
    public var children: [BookmarksMenuEntry]

    public init(id: Int64, title: String, url: String? = nil, children: [BookmarksMenuEntry] = []) {
        self.id = id
        self.title = title
        self.url = url
        self.children = children
    }

    public var isFolder: Bool { url == nil }
}
