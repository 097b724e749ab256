/// A page's notification as the desktop shows it.
public struct DesktopNotificationItem: Equatable, Sendable {
    /// The desktop notification's id: a later one with the same id replaces it (the page's
    /// tag, else the engine's notification).
    public var id: String
    public var title: String
    public var body: String
    /// The tab that showed it, brought forward when it is clicked.
    public var tab: TabIdentifier
    /// The engine's id of the notification, handed back with the click.
    public var notificationID: UInt64

    public init(id: String, title: String, body: String, tab: TabIdentifier, notificationID: UInt64) {
        self.id = id
        self.title = title
        self.body = body
        self.tab = tab
        self.notificationID = notificationID
    }
}
