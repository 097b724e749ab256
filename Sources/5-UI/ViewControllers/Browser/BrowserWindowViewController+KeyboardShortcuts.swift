import CAdwaita
import CGLib
import CGTK

// The Keyboard Shortcuts window (Ctrl+?): a `GtkShortcutsWindow` listing every row of the
// action table that has keys, by menu section, from the same table the shortcuts come from.

extension BrowserWindowViewController {
    /// Shows a Keyboard Shortcuts window over the window (modal: the keys go to it while it
    /// shows; it goes with the window).
    public func showKeyboardShortcuts() { presentKeyboardShortcuts() }

    /// Shows the Keyboard Shortcuts window and returns it: the public API names no GTK type
    /// that both CGTK and CAdwaita declare (docs/design.md, "Modules and who may import whom").
    @discardableResult
    func presentKeyboardShortcuts() -> UnsafeMutablePointer<GtkWindow> {
        let builder = gtk_builder_new_from_string(Self.shortcutsWindowDefinition(), -1)!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        let shown: UnsafeMutablePointer<GtkWindow> = cast(gtk_builder_get_object(builder, "shortcuts")!)
        gtk_window_set_transient_for(shown, window)
        gtk_window_set_modal(shown, 1)
        gtk_window_set_destroy_with_parent(shown, 1)
        gtk_window_present(shown)
        return shown
    }

    /// The shortcuts of the table as (group title, [(title, accelerators)]), in table order:
    /// the menu's sections first, then the rows without a menu item.
    static var shortcutGroups: [(title: String, shortcuts: [(title: String, accelerator: String)])] {
        let rows = WindowAction.all.filter { !$0.accelerators.isEmpty }
        func entry(_ action: WindowAction) -> (title: String, accelerator: String) {
            (action.shortcutTitle ?? action.name, action.accelerators.joined(separator: " "))
        }
        let groups: [(String, [WindowAction])] = [
            (
                "Window",
                rows.filter { $0.menuItem?.section == .windows || $0.menuItem?.section == .application }
            ),
            (
                "Tabs",
                rows.filter {
                    $0.menuItem == nil && !isNavigation($0) && $0.name != WindowAction.bookmarkPage.name
                }
            ),
            ("Navigation", rows.filter(isNavigation)),
            (
                "Page",
                rows.filter {
                    $0.menuItem?.section == .page || $0.menuItem?.section == .recentlyClosed
                        || $0.name == WindowAction.bookmarkPage.name
                }
            ),
            ("Zoom", rows.filter { $0.menuItem?.section == .zoom }),
        ]
        return groups.filter { !$0.1.isEmpty }.map { ($0.0, $0.1.map(entry)) }
    }

    private static func isNavigation(_ action: WindowAction) -> Bool {
        if case .navigation = action.command { return true }
        return action.name == "focus-location"
    }

    /// The `GtkBuilder` definition of the Keyboard Shortcuts window.
    static func shortcutsWindowDefinition() -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let groups = shortcutGroups.map { group in
            let shortcuts = group.shortcuts.map { shortcut in
                """
                <child><object class="GtkShortcutsShortcut">\
                <property name="title">\(escaped(shortcut.title))</property>\
                <property name="accelerator">\(escaped(shortcut.accelerator))</property>\
                </object></child>
                """
            }
            return """
                <child><object class="GtkShortcutsGroup">\
                <property name="title">\(escaped(group.title))</property>\
                \(shortcuts.joined())</object></child>
                """
        }
        return """
            <interface><object class="GtkShortcutsWindow" id="shortcuts">\
            <child><object class="GtkShortcutsSection"><property name="section-name">browser</property>\
            \(groups.joined())</object></child></object></interface>
            """
    }
}
