import UIInterfaces

/// Records what a ``RecentlyClosedConsumer`` is told.
@MainActor
final class RecordingRecentlyClosedConsumer: RecentlyClosedConsumer {
    /// Each push of items, as "title×count" (a window with "W").
    var itemPushes: [[String]] = []
    var canRestore: [Bool] = []

    func setRecentlyClosedItems(_ items: [RecentlyClosedItem]) {
        itemPushes.append(items.map { ($0.isWindow ? "W " : "") + "\($0.title)×\($0.tabCount)" })
    }

    func setCanRestorePreviousSession(_ can: Bool) { canRestore.append(can) }
}
