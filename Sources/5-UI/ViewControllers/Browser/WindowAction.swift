import Commands
import UIInterfaces

/// One row of the window's action table (``all``): an action of the window's "browser" action
/// group, where it shows in the main menu, the keys that activate it and the command it sends.
/// The action group, the main menu and the keyboard shortcuts are all made from the table
/// (desktop Chromium names a command once, in `chrome/app/chrome_command_ids.h`, and its
/// menu entries and accelerators refer to that id).
struct WindowAction: Sendable {
    /// The action's name in the group: menu items and shortcuts name it "browser.<name>".
    let name: String
    /// Its item in the main menu, if it has one.
    let menuItem: MenuItem?
    /// The shortcut triggers that activate it, as `gtk_shortcut_trigger_parse_string` reads them;
    /// the menu and the Keyboard Shortcuts window show the first, so it is the one people write
    /// ("<Control>plus", not "<Control>KP_Add").
    let accelerators: [String]
    /// What the Keyboard Shortcuts window calls it (else its menu label).
    let shortcutTitle: String?
    /// Whether it is enabled before anything tells the window otherwise.
    let isInitiallyEnabled: Bool
    /// What activating it sends.
    let command: Command

    init(
        _ name: String, menu: MenuItem? = nil, keys accelerators: [String] = [], title: String? = nil,
        enabled: Bool = true, sends command: Command
    ) {
        self.name = name
        self.shortcutTitle = title ?? menu?.label.replacingOccurrences(of: "…", with: "")
        self.menuItem = menu
        self.accelerators = accelerators
        self.isInitiallyEnabled = enabled
        self.command = command
    }

    /// The name a menu item, a button or a shortcut activates it by.
    var detailedName: String { "browser.\(name)" }

    /// Where an action shows in the main menu.
    struct MenuItem: Sendable {
        let section: MainMenuSection
        let label: String
        /// Hidden (rather than greyed out) while the action is disabled.
        var isHiddenWhenDisabled = false
    }

    /// The command an action sends, and through which of the window's senders.
    enum Command: Sendable {
        case browser(@MainActor (any BrowserCommands) -> Void)
        case application(@MainActor (any ApplicationCommands) -> Void)
        case tabStrip(@MainActor (any TabStripCommands) -> Void)
        case navigation(@MainActor (any NavigationCommands) -> Void)
        case findInPage(@MainActor (any FindInPageCommands) -> Void)
        case scene(@MainActor (any SceneCommands) -> Void)
        /// A command taking the action's 64-bit integer parameter (a menu item's target).
        case sceneWithParameter(@MainActor (any SceneCommands, Int) -> Void)
    }
}

/// The sections of the window's main menu, in the order shown.
enum MainMenuSection: CaseIterable, Sendable {
    case windows
    /// The "Recently Closed" submenu: its actions, then the entries the recently closed view
    /// controller lists.
    case recentlyClosed
    case page
    case zoom
    case application
}
