/// Navigation of the selected tab.
@MainActor
public protocol NavigationCommands: AnyObject {
    /// Goes back one entry.
    func goBack()
    /// Goes forward one entry.
    func goForward()
    /// Goes to the entry at `index` of the tab's history (an entry of the Back or Forward
    /// menu, ``TabHistoryItem``); an index the history no longer has does nothing.
    func goToHistoryItem(at index: Int)
    /// Reloads the page.
    func reload()
    func stopLoading()
}
