import CGLib
import GLibSupport
import UIInterfaces

/// Shows pages' notifications on the desktop: a GNotification sent through the running
/// GApplication (`g_application_send_notification`), whose default action is the
/// application's ``actionName`` with the tab and the notification as its target, so that a
/// click reaches the browser (``DesktopNotificationCoordinator``) even from another window.
@MainActor
final class DesktopNotificationPresenter: DesktopNotificationConsumer {
    /// The application action a click runs (its target: ``target(for:)``).
    static let actionName = "show-notification"

    /// Sends a notification (id, `GNotification *`) to the application; by default the running
    /// one's, and nothing without one (tests inject their own).
    typealias Sender = @MainActor (_ id: String, _ notification: OpaquePointer) -> Void
    /// Withdraws the notification of an id; by default from the running application.
    typealias Withdrawer = @MainActor (_ id: String) -> Void

    private let send: Sender
    private let withdraw: Withdrawer

    init(
        send: @escaping Sender = DesktopNotificationPresenter.sendToDefaultApplication,
        withdraw: @escaping Withdrawer = DesktopNotificationPresenter.withdrawFromDefaultApplication
    ) {
        self.send = send
        self.withdraw = withdraw
    }

    static func withdrawFromDefaultApplication(_ id: String) {
        guard let application = g_application_get_default() else { return }
        g_application_withdraw_notification(application, id)
    }

    static func sendToDefaultApplication(_ id: String, _ notification: OpaquePointer) {
        guard let application = g_application_get_default() else { return }
        g_application_send_notification(application, id, notification)
    }

    /// The action's target for `item`: "<tab> <notification id>".
    static func target(for item: DesktopNotificationItem) -> String {
        "\(item.tab.rawValue) \(item.notificationID)"
    }

    /// The tab and the notification a target names, nil if it names none.
    static func parse(target: String) -> (tab: TabIdentifier, notificationID: UInt64)? {
        let parts = target.split(separator: " ")
        guard parts.count == 2, let tab = Int(parts[0]), let id = UInt64(parts[1]) else { return nil }
        return (TabIdentifier(tab), id)
    }

    func showDesktopNotification(_ item: DesktopNotificationItem) {
        let notification = g_notification_new(item.title)!
        defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
        if !item.body.isEmpty { g_notification_set_body(notification, item.body) }
        g_notification_set_default_action_and_target_value(
            notification, "app.\(Self.actionName)", g_variant_new_string(Self.target(for: item)))
        send(item.id, notification)
        EventLog.record("desktop-notification", item.title)
    }

    func withdrawDesktopNotification(id: String) {
        withdraw(id)
        EventLog.record("desktop-notification-withdrawn", id)
    }
}
