extension WebState {
    /// Passes the page's notification to the observers
    /// (``WebStateObserver/notificationShown(_:notification:)``), who present it; true (the
    /// engine does not show one of its own) unless the content is no longer the tab's.
    public func webContent(_ content: any WebContent, showNotification notification: WebNotification) -> Bool
    {
        guard content === self.content, !isBeingDestroyed else { return false }
        observers?.forEach { $0.notificationShown(self, notification: notification) }
        return true
    }

    /// Tells the observers the page closed the notification `id`.
    public func webContent(_ content: any WebContent, notificationClosed id: UInt64) {
        guard content === self.content, !isBeingDestroyed else { return }
        observers?.forEach { $0.notificationClosed(self, notificationID: id) }
    }

    /// The user clicked the notification `id` the page showed: the page hears it (its
    /// `onclick`). Nothing for an unrealized tab, whose page is gone.
    public func notificationClicked(_ id: UInt64) { content?.notificationClicked(id) }
}
