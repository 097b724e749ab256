import CGLib
import GLibSupport
public import UIInterfaces

/// The entries of the window's "Recently Closed" submenu (desktop Chromium's
/// `RecentTabsSubMenuModel`, `chrome/browser/ui/toolbar/recent_tabs_sub_menu_model.h`): one
/// item per tab or window that can be reopened, newest first, each activating
/// "browser.reopen-closed" with its id. The window places them under the submenu's own
/// actions; this view controller enables those ("Reopen Closed Tab" and its shortcut only
/// when there is something to reopen, "Restore Previous Session" only when it can be done)
/// through the window's ``CommandUpdater``.
@MainActor
public final class RecentlyClosedViewController: MenuViewController, RecentlyClosedConsumer {
    /// The entries (a `GMenu *`).
    public var menuModel: OpaquePointer { entries.opaque }

    private let entries = GObjectRef(adopting: UnsafeMutableRawPointer(g_menu_new()!))
    private weak var commandUpdater: (any CommandUpdater)?
    /// The entries listed, newest first.
    private(set) var items: [RecentlyClosedItem] = []

    /// Enables and disables the window's recently closed actions through `commandUpdater`
    /// (held weakly: the window hosts this view controller).
    public init(commandUpdater: any CommandUpdater) {
        self.commandUpdater = commandUpdater
        setRecentlyClosedItems([])
        setCanRestorePreviousSession(false)
    }

    // MARK: RecentlyClosedConsumer

    /// Lists `items`; "Reopen Closed Tab" is enabled only when there are some.
    public func setRecentlyClosedItems(_ items: [RecentlyClosedItem]) {
        self.items = items
        let menu = entries.opaque
        g_menu_remove_all(menu)
        for entry in items {
            let item = g_menu_item_new(Self.menuLabel(for: entry), nil)!
            g_menu_item_set_action_and_target_value(
                item, WindowAction.reopenClosedEntry.detailedName, g_variant_new_int64(gint64(entry.id)))
            g_menu_append_item(menu, item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
        commandUpdater?.updateCommandEnabled(WindowAction.reopenClosedTab.name, !items.isEmpty)
    }

    /// Shows (and enables) "Restore Previous Session" only when `can`.
    public func setCanRestorePreviousSession(_ can: Bool) {
        commandUpdater?.updateCommandEnabled(WindowAction.restorePreviousSession.name, can)
    }

    /// How the submenu names `item`: a tab by its title ("Untitled" when it has none), a
    /// window by its first tab's title and how many more it holds ("Window (3 tabs)" when that
    /// title is empty). Titles are put on one line and long ones shortened; underscores are
    /// escaped (menu labels take mnemonics).
    static func menuLabel(for item: RecentlyClosedItem) -> String {
        // One line: runs of white space (line breaks included) become one space.
        var title = item.title.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if title.count > maximumTitleLength {
            title = String(title.prefix(maximumTitleLength - 1)) + "…"
        }
        let label: String
        if item.isWindow {
            let tabs = max(item.tabCount, 1)
            if title.isEmpty {
                label = tabs == 1 ? "Window (1 tab)" : "Window (\(tabs) tabs)"
            } else {
                label = tabs == 1 ? title : "\(title) and \(tabs - 1) more"
            }
        } else {
            label = title.isEmpty ? "Untitled" : title
        }
        return label.replacing("_", with: "__")
    }

    /// The longest title an entry shows, in characters.
    static let maximumTitleLength = 60
}
