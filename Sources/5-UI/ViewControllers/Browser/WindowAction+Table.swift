import Commands
import UIInterfaces

// The window's action table. Within a menu section, items show in the table's order.

extension WindowAction {
    /// Every action of the window, once each.
    static let all: [WindowAction] =
        [
            newTab,
            WindowAction(
                "close-tab", keys: ["<Control>w"], title: "Close Tab",
                sends: .browser { $0.closeCurrentTab() }),
            WindowAction(
                "new-window", menu: MenuItem(section: .windows, label: "New Window"), keys: ["<Control>n"],
                sends: .scene { $0.openNewWindow(incognito: false) }),
            WindowAction(
                "new-incognito-window", menu: MenuItem(section: .windows, label: "New Incognito Window"),
                keys: ["<Control><Shift>n"], sends: .scene { $0.openNewWindow(incognito: true) }),
            reopenClosedTab,
            restorePreviousSession,
            reopenClosedEntry,
            bookmarkPage,
            WindowAction(
                "focus-location", keys: ["<Control>l", "F6"], title: "Focus the Location Bar",
                sends: .browser { $0.focusLocationBar() }),
            WindowAction(
                "find", menu: MenuItem(section: .page, label: "Find…"), keys: ["<Control>f"],
                sends: .findInPage { $0.showFindBar() }),
            WindowAction(
                "view-source", menu: MenuItem(section: .page, label: "View Page Source"),
                keys: ["<Control>u"],
                sends: .browser { $0.viewSource() }),
            WindowAction(
                "inspector", menu: MenuItem(section: .page, label: "Web Inspector"),
                keys: ["F12", "<Control><Shift>i"], sends: .browser { $0.showInspector() }),
            WindowAction(
                "print", menu: MenuItem(section: .page, label: "Print…"), keys: ["<Control>p"],
                sends: .browser { $0.printPage() }),
            WindowAction(
                "next-tab", keys: ["<Control>Tab", "<Control>Page_Down"], title: "Next Tab",
                sends: .tabStrip { $0.selectTab(byOffset: 1) }),
            WindowAction(
                "previous-tab",
                keys: ["<Control><Shift>Tab", "<Control><Shift>ISO_Left_Tab", "<Control>Page_Up"],
                title: "Previous Tab",
                sends: .tabStrip { $0.selectTab(byOffset: -1) }),
            WindowAction(
                "move-tab-left", keys: ["<Control><Shift>Page_Up"], title: "Move Tab Left",
                sends: .tabStrip { $0.moveSelectedTab(byOffset: -1) }),
            WindowAction(
                "move-tab-right", keys: ["<Control><Shift>Page_Down"], title: "Move Tab Right",
                sends: .tabStrip { $0.moveSelectedTab(byOffset: 1) }),
        ]
        + (0..<8).map { index in
            WindowAction(
                "select-tab-\(index + 1)", keys: ["<Control>\(index + 1)"], title: "Tab \(index + 1)",
                sends: .tabStrip { $0.selectTab(atIndex: index) })
        }
        + [
            WindowAction(
                "select-last-tab", keys: ["<Control>9"], title: "Last Tab",
                sends: .tabStrip { $0.selectLastTab() }),
            WindowAction("back", keys: ["<Alt>Left"], title: "Back", sends: .navigation { $0.goBack() }),
            WindowAction(
                "forward", keys: ["<Alt>Right"], title: "Forward", sends: .navigation { $0.goForward() }),
            WindowAction(
                "reload", keys: ["F5", "<Control>r"], title: "Reload", sends: .navigation { $0.reload() }),
            stop,
            WindowAction(
                "zoom-in", menu: MenuItem(section: .zoom, label: "Zoom In"),
                keys: ["<Control>plus", "<Control>equal", "<Control>KP_Add"], sends: .browser { $0.zoomIn() }),
            WindowAction(
                "zoom-out", menu: MenuItem(section: .zoom, label: "Zoom Out"),
                keys: ["<Control>minus", "<Control>KP_Subtract"], sends: .browser { $0.zoomOut() }),
            WindowAction(
                "zoom-reset", menu: MenuItem(section: .zoom, label: "Reset Zoom"),
                keys: ["<Control>0", "<Control>KP_0"], sends: .browser { $0.resetZoom() }),
            fullscreen,
            WindowAction(
                "history", menu: MenuItem(section: .application, label: "History"), keys: ["<Control>h"],
                sends: .browser { $0.showHistory() }),
            showBookmarks,
            WindowAction(
                "import", menu: MenuItem(section: .application, label: "Import Bookmarks and History…"),
                sends: .browser { $0.showImport() }),
            WindowAction(
                "clear-browsing-data", menu: MenuItem(section: .application, label: "Clear Browsing Data…"),
                keys: ["<Control><Shift>Delete"], sends: .browser { $0.showClearBrowsingData() }),
            WindowAction(
                "preferences", menu: MenuItem(section: .application, label: "Preferences"),
                keys: ["<Control>comma"], sends: .application { $0.showPreferences() }),
            WindowAction(
                "keyboard-shortcuts", menu: MenuItem(section: .application, label: "Keyboard Shortcuts"),
                keys: ["<Control>question"], sends: .browser { $0.showKeyboardShortcuts() }),
            WindowAction(
                "about", menu: MenuItem(section: .application, label: "About Swiftlet"),
                sends: .application { $0.showAbout() }),
            WindowAction(
                "quit", menu: MenuItem(section: .application, label: "Quit"), keys: ["<Control>q"],
                sends: .application { $0.quit() }),
        ]

    // The rows other code names: the header bar's buttons activate the first two, the recently
    // closed view controller enables the next two and lists entries that activate the last;
    // the window's Escape handler activates "stop".

    /// Escape: only when neither the find bar nor the location entry takes the key (the
    /// window's Escape handler), and only while the page loads (the toolbar mediator).
    static let stop = WindowAction(
        "stop", keys: ["Escape"], title: "Stop Loading", sends: .navigation { $0.stopLoading() })

    /// Ctrl+D, as in every browser: listed with the page's shortcuts.
    static let bookmarkPage = WindowAction(
        "bookmark-page", keys: ["<Control>d"], title: "Bookmark This Page",
        sends: .browser { $0.bookmarkCurrentPage() })

    static let newTab = WindowAction(
        "new-tab", keys: ["<Control>t"], title: "New Tab", sends: .browser { $0.openNewTab() })

    /// Also "win.show-bookmarks", which the Bookmarks menu's "Manage Bookmarks…" activates
    /// (``BrowserWindowViewController/installWindowAliases(on:)``).
    static let showBookmarks = WindowAction(
        "show-bookmarks", menu: MenuItem(section: .application, label: "Bookmarks"),
        keys: ["<Control><Shift>o"], sends: .browser { $0.showBookmarks() })

    static let fullscreen = WindowAction(
        "fullscreen", keys: ["F11"], title: "Fullscreen", sends: .browser { $0.toggleFullscreen() })

    /// Disabled until the recently closed view controller has something to reopen.
    static let reopenClosedTab = WindowAction(
        "reopen-closed-tab", menu: MenuItem(section: .recentlyClosed, label: "Reopen Closed Tab"),
        keys: ["<Control><Shift>t"], enabled: false, sends: .scene { $0.reopenLastClosed() })

    /// Shown, and enabled, only while the recently closed view controller says it can be done.
    static let restorePreviousSession = WindowAction(
        "restore-previous-session",
        menu: MenuItem(
            section: .recentlyClosed, label: "Restore Previous Session", isHiddenWhenDisabled: true),
        enabled: false, sends: .scene { $0.restorePreviousSession() })

    /// Reopens the entry whose id is its parameter (the "Recently Closed" entries' target).
    static let reopenClosedEntry = WindowAction(
        "reopen-closed", sends: .sceneWithParameter { $0.reopenClosedEntry($1) })
}
