/// A folder of the Bookmarks window's tree.
public struct BookmarksWindowFolder: Equatable, Sendable, Identifiable {
    /// The folder's node id (opaque to the window, which sends it back in commands).
    public var id: Int64
    /// The folder it is in; nil for the permanent folders at the top of the tree.
    public var parentID: Int64?
    public var title: String

    public init(id: Int64, parentID: Int64?, title: String) {
        self.id = id
        self.parentID = parentID
        self.title = title
    }
}
