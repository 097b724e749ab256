/// What the recently closed mediator pushes to a window: its "Recently Closed" menu.
@MainActor
public protocol RecentlyClosedConsumer: AnyObject {
    /// The entries that can be reopened, newest first (empty: nothing to reopen).
    func setRecentlyClosedItems(_ items: [RecentlyClosedItem])
    /// Whether the previous session's windows can be restored (offered only then).
    func setCanRestorePreviousSession(_ can: Bool)
}
