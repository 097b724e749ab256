public import Sessions
public import UIInterfaces
import Web

/// Between a profile's recently closed list (its ``TabRestoreService``) and a window's
/// "Recently Closed" menu: pushes the entries, newest first, whenever they change, and
/// whether the previous session can still be restored (the coordinator knows that).
@MainActor
public final class RecentlyClosedMediator: TabRestoreServiceObserver {
    private let tabRestore: TabRestoreService
    private var state = MediatorState("RecentlyClosedMediator")

    /// The window; held weakly. Gets the current entries when set.
    public weak var consumer: (any RecentlyClosedConsumer)? {
        didSet {
            pushItems()
            consumer?.setCanRestorePreviousSession(canRestorePreviousSession)
        }
    }

    /// Whether the windows of a crashed run wait to be restored; pushed when it changes.
    public var canRestorePreviousSession = false {
        didSet {
            state.check("canRestorePreviousSession")
            if canRestorePreviousSession != oldValue {
                consumer?.setCanRestorePreviousSession(canRestorePreviousSession)
            }
        }
    }

    /// Starts observing `tabRestore`.
    public init(tabRestore: TabRestoreService) {
        self.tabRestore = tabRestore
        tabRestore.addObserver(self)
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        tabRestore.removeObserver(self)
    }

    /// Pushes the changed entries.
    public func tabRestoreServiceChanged(_ service: TabRestoreService) { pushItems() }

    private func pushItems() {
        consumer?.setRecentlyClosedItems(tabRestore.entries.map(Self.item))
    }

    /// The menu item of `entry`: a tab's title (its address when it has none); a window's
    /// first tab's, with its tab count.
    static func item(_ entry: TabRestoreService.Entry) -> RecentlyClosedItem {
        switch entry {
        case .tab(let tab):
            return RecentlyClosedItem(id: tab.entryID, title: title(of: tab.storage))
        case .window(let window):
            return RecentlyClosedItem(
                id: window.entryID, title: window.tabs.first.map { title(of: $0.storage) } ?? "",
                isWindow: true,
                tabCount: window.tabs.count)
        }
    }

    private static func title(of storage: WebStateStorage) -> String {
        let item = storage.navigation.lastCommittedItem
        let title = item?.title ?? storage.metadata.title
        if !title.isEmpty { return title }
        return (item?.url ?? storage.metadata.url)?.absoluteString ?? ""
    }
}
