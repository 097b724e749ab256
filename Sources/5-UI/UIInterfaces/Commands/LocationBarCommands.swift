/// What the user does in the location entry.
@MainActor
public protocol LocationBarCommands: AnyObject {
    /// Loads what the user typed: a URL (a scheme is added when missing) or, for text that is
    /// not one, a search with the default search engine (a pref).
    func loadUserInput(_ text: String)
}
