/// Navigation of the selected tab.
@MainActor
public protocol NavigationCommands: AnyObject {
    /// Goes back one entry.
    func goBack()
    /// Goes forward one entry.
    func goForward()
    /// Reloads the page.
    func reload()
    func stopLoading()
}
