/// Commands of the whole application that concern no window (the application coordinator
/// handles them); what a window asks of the application is a ``SceneCommands``.
@MainActor
public protocol ApplicationCommands: AnyObject {
    /// Shows the about window.
    func showAbout()
    /// Shows the preferences window (one for the application: asking again brings it to the
    /// front).
    func showPreferences()
    /// Quits the application.
    func quit()
}
