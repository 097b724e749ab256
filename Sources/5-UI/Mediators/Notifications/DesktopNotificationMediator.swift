import Base
public import TabModel
public import UIInterfaces
public import Web

/// Between a window's tabs and the desktop: each notification a page shows
/// (``WebStateObserver/notificationShown(_:notification:)``, only for origins allowed
/// notifications) goes to the consumer as a ``DesktopNotificationItem`` naming its tab, and a
/// click on it (``notificationClicked(tab:notificationID:)``) activates that tab and tells its
/// page (Chromium's `NotificationPlatformBridge` and its click handling). A notification
/// the page closes, or whose tab closes, leaves the desktop, as Chromium closes a page's
/// non-persistent notifications with it.
@MainActor
public final class DesktopNotificationMediator: WebStateObserver {
    private let webStateList: WebStateList
    private var state = MediatorState("DesktopNotificationMediator")
    private var forwarder: AllWebStateObservationForwarder?
    private var listObservation: ScopedObservation<WebStateList>?
    /// The desktop ids of the notifications shown, by tab and page notification id.
    private var shown: [TabIdentifier: [UInt64: String]] = [:]

    /// The desktop. Held weakly.
    public weak var consumer: (any DesktopNotificationConsumer)?

    /// Starts observing every tab of `webStateList`.
    public init(webStateList: WebStateList) {
        self.webStateList = webStateList
        forwarder = AllWebStateObservationForwarder(list: webStateList, observer: self)
        listObservation = ScopedObservation(webStateList, observer: self)
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        forwarder = nil
        listObservation = nil
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
        let tab = TabIdentifier(webState)
        let item = Self.item(for: notification, tab: tab)
        // A tag's new notification replaces the old one, which is no longer the page's.
        shown[tab, default: [:]] = shown[tab, default: [:]].filter { $0.value != item.id }
        shown[tab, default: [:]][notification.id] = item.id
        consumer?.showDesktopNotification(item)
    }

    public func notificationClosed(_ webState: WebState, notificationID id: UInt64) {
        guard let item = shown[TabIdentifier(webState)]?.removeValue(forKey: id) else { return }
        consumer?.withdrawDesktopNotification(id: item)
    }

}

extension DesktopNotificationMediator: WebStateListObserver {
    /// A closed tab's notifications leave the desktop (a tab moved to another window keeps
    /// its notifications there).
    public func webStateListDidChange(
        _ list: WebStateList, change: WebStateListChange, status: WebStateListStatus
    ) {
        guard case .detach(let detach) = change, detach.isClosing,
            let items = shown.removeValue(forKey: TabIdentifier(detach.detachedWebState))
        else { return }
        for item in items.values.sorted() { consumer?.withdrawDesktopNotification(id: item) }
    }
}
