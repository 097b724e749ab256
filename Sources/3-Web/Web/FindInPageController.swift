/// The engine's find-in-page machinery for one content.
@MainActor
public protocol FindInPageController: AnyObject {
    /// Searches for `text`; `completion` gets the number of matches (0 if none).
    func find(_ text: String, options: FindOptions, completion: @escaping @MainActor (Int) -> Void)
    /// Moves to the next match.
    func findNext()
    /// Moves to the previous match.
    func findPrevious()
    /// Clears the highlights and ends the search.
    func dismiss()
}
