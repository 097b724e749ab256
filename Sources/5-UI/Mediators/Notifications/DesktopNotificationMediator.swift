import Base
public import TabModel
public import UIInterfaces
public import Web

/// Between a window's tabs and the desktop: each notification a page shows
/// (``WebStateObserver/notificationShown(_:notification:)``, only for origins allowed
/// notifications) goes to the consumer as a ``DesktopNotificationItem`` naming its tab, and a
/// click on it (``notificationClicked(tab:notificationID:)``) activates that tab and tells its
/// page (Chromium's `NotificationPlatformBridge` and its click handling).
@MainActor
public final class DesktopNotificationMediator: WebStateObserver {
    private let webStateList: WebStateList
    private var state = MediatorState("DesktopNotificationMediator")
    private var forwarder: AllWebStateObservationForwarder?

    /// The desktop. Held weakly.
    public weak var consumer: (any DesktopNotificationConsumer)?

    /// Starts observing every tab of `webStateList`.
    public init(webStateList: WebStateList) {
        self.webStateList = webStateList
        forwarder = AllWebStateObservationForwarder(list: webStateList, observer: self)
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        forwarder = nil
    }

    /// The desktop notification for `notification` of the tab `tab`.
    public static func item(for notification: WebNotification, tab: TabIdentifier) -> DesktopNotificationItem
    {
        DesktopNotificationItem(
            id: "tab-\(tab.rawValue)-" + (notification.tag.map { "tag-\($0)" } ?? "\(notification.id)"),
            title: notification.title, body: notification.body, tab: tab, notificationID: notification.id)
    }

    /// The notification `notificationID` of the tab `tab` was clicked: if the tab is in this
    /// window, activates it, tells its page and returns true (the window is then brought
    /// forward); otherwise false.
    public func notificationClicked(tab: TabIdentifier, notificationID: UInt64) -> Bool {
        state.check(#function)
        guard let index = webStateList.index(of: tab) else { return false }
        webStateList.activate(at: index)
        webStateList.webState(at: index).notificationClicked(notificationID)
        return true
    }

    // MARK: WebStateObserver (every tab, through the forwarder)

    public func notificationShown(_ webState: WebState, notification: WebNotification) {
        consumer?.showDesktopNotification(Self.item(for: notification, tab: TabIdentifier(webState)))
    }
}
