/// A folder the bookmark editor's folder list offers: the permanent folders and the user's,
/// in the tree's order, `depth` levels below a permanent folder (0 for one).
public struct BookmarkFolderChoice: Sendable, Hashable {
    public var id: Int64
    public var title: String
    public var depth: Int

    public init(id: Int64, title: String, depth: Int) {
        self.id = id
        self.title = title
        self.depth = depth
    }
}
