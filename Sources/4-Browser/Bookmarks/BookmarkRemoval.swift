/// What ``BookmarkModel/remove(_:)`` took away, kept so that ``BookmarkModel/undoRemove(_:)``
/// can put it back where it was with its ids, GUIDs and dates (the idea of Chromium's
/// `BookmarkUndoService`, components/undo/bookmark_undo_service.cc): the rows of the
/// removed node and its subtree, parents first.
public struct BookmarkRemoval: Sendable, Hashable {
    /// The folder it was in.
    public let parentID: Int64
    /// Its index there.
    public let index: Int
    public let rows: [BookmarkRow]

    /// The number of bookmarks (not folders) removed.
    public var bookmarkCount: Int { rows.count { $0.kind == .url } }
}
