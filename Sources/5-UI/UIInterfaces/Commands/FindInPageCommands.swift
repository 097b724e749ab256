/// Find in page in the selected tab.
@MainActor
public protocol FindInPageCommands: AnyObject {
    func showFindBar()
    /// Searches for `text` (an empty text clears the search).
    func find(_ text: String)
    /// Selects the next match.
    func findNext()
    /// Selects the previous match.
    func findPrevious()
    /// Hides the find bar and clears the search.
    func hideFindBar()
}
