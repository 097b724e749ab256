/// Navigation of the selected tab.
@MainActor
public protocol NavigationCommands: AnyObject {
    /// Goes back one entry.
    func goBack()
    /// Goes forward one entry.
    func goForward()
    /// Reloads the page.
    func reload()
    /// Stops loading.
    func stopLoading()
    /// Loads what the user typed in the location entry: a URL (a scheme is added when
    /// missing) or, for text that is not one, a search with the default search engine.
    func loadUserInput(_ text: String)
}
