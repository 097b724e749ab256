/// What the bookmark star mediator pushes to the star in the location entry.
@MainActor
public protocol BookmarkStarConsumer: AnyObject {
    func setStarState(_ state: BookmarkStarState)
    /// Opens the popover that names the bookmark, moves it or removes it.
    func showBookmarkEditor(_ item: BookmarkEditorItem)
    /// The bookmark `title` was removed: a toast offers Undo
    /// (``BookmarkStarCommands/undoBookmarkRemoval()``).
    func showBookmarkRemoved(title: String)
}
