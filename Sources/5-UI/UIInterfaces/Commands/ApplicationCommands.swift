/// Commands of the whole application (the application coordinator handles them).
@MainActor
public protocol ApplicationCommands: AnyObject {
    /// Opens a new window (an incognito one when `incognito`).
    func openNewWindow(incognito: Bool)
    /// Shows the about window.
    func showAbout()
    /// Quits the application.
    func quit()
}
