public import Foundation

/// What the bookmarks mediator pushes to the Bookmarks window.
@MainActor
public protocol BookmarksWindowConsumer: AnyObject {
    /// Shows the folder tree: `folders` in the tree's order, each after its parent and
    /// siblings in the user's order. A push replaces the previous one; the window changes
    /// only the rows that differ.
    func setFolders(_ folders: [BookmarksWindowFolder])
    /// Selects the folder `id` in the tree (without sending it back as a command).
    func setSelectedFolder(_ id: Int64)
    /// Shows `items` in the list, in order: the selected folder's children, or, when
    /// `isSearchResult`, the bookmarks and folders anywhere matching the search. The rows
    /// both pushes hold keep their selection.
    func setItems(_ items: [BookmarksWindowItem], isSearchResult: Bool)
    /// Shows `text` in the search field without sending it back as a search.
    func setSearchText(_ text: String)
    /// Tells the user that `message` happened, with an Undo button
    /// (``BookmarksWindowCommands/undoBookmarkRemoval()``).
    func showRemoval(_ message: String)
    /// Every row whose address is `url` shows `png` (PNG bytes) as its icon.
    func setFavicon(_ png: Data, forURL url: String)
}
