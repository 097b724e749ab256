/// What the user does with the location entry's star and its popover (ids are the model's
/// node ids of ``BookmarkEditorItem``).
@MainActor
public protocol BookmarkStarCommands: AnyObject {
    /// The star was clicked or Ctrl+D pressed: a page not bookmarked yet is bookmarked at once
    /// (at the end of the Bookmarks Menu folder), and the editor opens for its bookmark.
    func bookmarkCurrentPage()
    /// Renames the bookmark `id` and moves it to the end of folder `folderID` (when it is not
    /// already there); what did not change stays.
    func editBookmark(_ id: Int64, title: String, folderID: Int64)
    /// Removes the bookmark `id`; a toast offers to undo it.
    func removeBookmark(_ id: Int64)
    /// Puts back the bookmark last removed from the popover.
    func undoBookmarkRemoval()
}
