public import Bookmarks

/// What a bookmarks reader found: its roots as folders (the toolbar's marked
/// `isToolbarFolder`), and what it left out.
public struct ImportedBookmarks: Sendable, Equatable {
    public var roots: [BookmarkEntry]
    public var skipped: [SkipReason: Int]

    public init(roots: [BookmarkEntry], skipped: [SkipReason: Int] = [:]) {
        self.roots = roots
        self.skipped = skipped
    }
}
