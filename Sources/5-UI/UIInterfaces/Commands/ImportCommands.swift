/// What the user asks of the Import dialog.
@MainActor
public protocol ImportCommands: AnyObject {
    /// Lists the sources found on this machine again (the dialog opens).
    func findSources()
    /// Imports the source at `index` of the list last given.
    func importSource(at index: Int)
    /// Imports the bookmarks of the HTML file at `path`.
    func importBookmarksFile(atPath path: String)
}
