/// A notification a page shows (the Web Notifications API), as a plain value: the engine
/// shows it only for an origin allowed notifications, and the embedder presents it
/// (Chromium's `blink::PlatformNotificationData`).
public struct WebNotification: Sendable, Equatable {
    /// The engine's identifier of the notification, unique in the process; a click is
    /// reported back with it (``WebState/notificationClicked(_:)``).
    public var id: UInt64
    public var title: String
    public var body: String
    /// The page's tag: a later notification of the same tag replaces the earlier one.
    public var tag: String?

    public init(id: UInt64, title: String, body: String, tag: String? = nil) {
        self.id = id
        self.title = title
        self.body = body
        self.tag = tag
    }
}
