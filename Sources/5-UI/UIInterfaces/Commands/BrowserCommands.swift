/// Commands of one browser window.
@MainActor
public protocol BrowserCommands: AnyObject {
    /// Opens a new tab with the start page and selects it.
    func openNewTab()
    /// Closes the selected tab (the window when it was the last).
    func closeCurrentTab()
    /// Moves the keyboard focus to the location entry, its text selected.
    func focusLocationBar()
    /// Zooms the selected tab in.
    func zoomIn()
    /// Zooms the selected tab out.
    func zoomOut()
    /// Resets the selected tab's zoom.
    func resetZoom()
    /// Enters or leaves fullscreen.
    func toggleFullscreen()
    /// Prints the selected tab.
    func printPage()
    /// Opens the engine's web inspector for the selected tab.
    func showInspector()
    /// Opens the selected tab's page source in a new tab after it.
    func viewSource()
    /// Shows the window's keyboard shortcuts.
    func showKeyboardShortcuts()
    /// Shows the History window of the window's profile (one per window: asking again brings
    /// it to the front).
    func showHistory()
    /// Shows the Bookmarks window of the window's profile (one per window: asking again
    /// brings it to the front).
    func showBookmarks()
    /// Shows the Clear Browsing Data dialog over the window.
    func showClearBrowsingData()
    /// Bookmarks the selected tab's page, or opens its bookmark's editor if it has one
    /// (Ctrl+D: ``BookmarkStarCommands/bookmarkCurrentPage()``).
    func bookmarkCurrentPage()
    /// Shows the Import Bookmarks and History dialog over the window.
    func showImport()
}
