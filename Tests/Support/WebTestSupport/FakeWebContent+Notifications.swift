public import Web

extension FakeWebContent {
    /// The page shows `notification`; returns whether the delegate presents it.
    @discardableResult
    public func simulateNotification(_ notification: WebNotification) -> Bool {
        delegate?.webContent(self, showNotification: notification) ?? false
    }

    /// Records the click.
    public func notificationClicked(_ id: UInt64) { clickedNotifications.append(id) }
}
