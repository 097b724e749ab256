/// What the user does in the Bookmarks window (ids are ``BookmarksWindowItem/id``s and
/// ``BookmarksWindowFolder/id``s).
@MainActor
public protocol BookmarksWindowCommands: AnyObject {
    /// Lists the children of the folder `id`.
    func selectBookmarkFolder(_ id: Int64)
    /// Lists the bookmarks and folders anywhere whose title or address holds every word of
    /// `text` (empty: the selected folder again).
    func searchBookmarks(_ text: String)
    /// Opens the bookmark `id` in a new tab of the browser window, selected unless
    /// `inBackground`; a folder is selected in the tree instead.
    func openBookmark(_ id: Int64, inBackground: Bool)
    /// Adds a folder titled `title` at the end of the selected folder.
    func addBookmarkFolder(titled title: String)
    /// Sets the title (and, for a bookmark, the address: nil or not a URL leaves it) of `id`.
    func editBookmark(_ id: Int64, title: String, url: String?)
    /// Deletes these bookmarks and folders (with what the folders hold) at once; the window
    /// is told so with an Undo.
    func removeBookmarks(_ ids: [Int64])
    /// Puts back what the last ``removeBookmarks(_:)`` deleted.
    func undoBookmarkRemoval()
    /// Moves these rows into the folder `folderID`, before its child `beforeID` (nil: at the
    /// end).
    func moveBookmarks(_ ids: [Int64], toFolder folderID: Int64, before beforeID: Int64?)
}
