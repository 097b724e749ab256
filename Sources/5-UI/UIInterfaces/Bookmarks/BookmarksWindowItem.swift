public import Foundation

/// A row of the Bookmarks window's list: a bookmark or a folder.
public struct BookmarksWindowItem: Equatable, Sendable, Identifiable {
    /// The node id (opaque to the window, which sends it back in commands).
    public var id: Int64
    public var title: String
    /// The bookmark's address; nil for a folder.
    public var url: String?
    /// In search results, the folder the row is in ("Bookmarks Menu › Work"); nil otherwise.
    public var location: String?
    /// The site's icon as PNG bytes, when known.
    public var favicon: Data?

    public init(id: Int64, title: String, url: String?, location: String? = nil, favicon: Data? = nil) {
        self.id = id
        self.title = title
        self.url = url
        self.location = location
        self.favicon = favicon
    }

    public var isFolder: Bool { url == nil }
}
