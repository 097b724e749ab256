/// What ``BookmarkModel/importEntries(_:into:)`` did.
public struct BookmarkImportCounts: Sendable, Hashable {
    public var bookmarksAdded = 0
    public var foldersAdded = 0
    /// Bookmarks left out because their folder holds their URL already.
    public var duplicatesSkipped = 0

    public init(bookmarksAdded: Int = 0, foldersAdded: Int = 0, duplicatesSkipped: Int = 0) {
        self.bookmarksAdded = bookmarksAdded
        self.foldersAdded = foldersAdded
        self.duplicatesSkipped = duplicatesSkipped
    }
}
