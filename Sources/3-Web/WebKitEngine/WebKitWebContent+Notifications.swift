import CWebKitGTK
import Foundation
import GLibSupport
import Web

// WebKit's "show-notification" (emitted only for an origin allowed notifications): the
// WebKitNotification becomes a plain ``WebNotification`` for the delegate, which presents it
// (a desktop notification through the application). WebKit's notification is kept until the
// page closes it, so that a click can be passed back (`webkit_notification_clicked`: the
// page's `onclick` runs).
extension WebKitWebContent {
    func connectNotifications(_ view: GObjectRef) {
        connections.append(
            SignalConnection.connect(view.pointer, signal: "show-notification") { [weak self] args in
                guard let self, !self.isClosed, let object = args.object(at: 1) else { return }
                let notification = GObjectRef(retaining: object)
                args.setReturnValue(self.show(notification))
            })
    }

    private func show(_ object: GObjectRef) -> Bool {
        let pointer = object.opaque
        func string(_ value: UnsafePointer<CChar>?) -> String? { value.map { String(cString: $0) } }
        let notification = WebNotification(
            id: UInt64(webkit_notification_get_id(pointer)),
            title: string(webkit_notification_get_title(pointer)) ?? "",
            body: string(webkit_notification_get_body(pointer)) ?? "",
            tag: string(webkit_notification_get_tag(pointer)))
        guard let delegate, delegate.webContent(self, showNotification: notification) else { return false }
        let id = notification.id
        let closed = SignalConnection.connect(object.pointer, signal: "closed") { [weak self] _ in
            guard let self, notifications.removeValue(forKey: id) != nil else { return }
            self.delegate?.webContent(self, notificationClosed: id)
        }
        notifications[id] = (object, closed)
        return true
    }

    public func notificationClicked(_ id: UInt64) {
        guard let notification = notifications[id]?.notification else { return }
        webkit_notification_clicked(notification.opaque)
    }
}
