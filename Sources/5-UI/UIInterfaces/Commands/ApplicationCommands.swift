/// Commands of the whole application that concern no window (the application coordinator
/// handles them); what a window asks of the application is a ``SceneCommands``.
@MainActor
public protocol ApplicationCommands: AnyObject {
    /// Shows the about window.
    func showAbout()
    /// Quits the application.
    func quit()
}
