/// Where a window's pages' notifications go: the desktop (GNotification through the running
/// application).
@MainActor
public protocol DesktopNotificationConsumer: AnyObject {
    /// Shows `item` on the desktop, replacing one of the same id.
    func showDesktopNotification(_ item: DesktopNotificationItem)
    /// Takes the notification of id `id` (a ``DesktopNotificationItem/id``) off the desktop.
    func withdrawDesktopNotification(id: String)
}
