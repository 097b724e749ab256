import CAdwaita
import CGLib
import CGTK
import GTKShims

// The window's actions, main menu and shortcuts, all made from the action table
// (``WindowAction/all``).

extension BrowserWindowViewController {
    /// Adds every action of the table to the window's group, sending through `senders`.
    func installActions(sending senders: WindowCommandSenders) {
        for action in WindowAction.all {
            let command = action.command
            if case .sceneWithParameter = command {
                actions.add(action.name) { (parameter: Int) in senders.send(command, parameter: parameter) }
            } else {
                actions.add(action.name) { senders.send(command) }
            }
            if !action.isInitiallyEnabled { actions.setEnabled(action.name, false) }
        }
    }

    /// "win.show-bookmarks", the name the Bookmarks menu's "Manage Bookmarks…" entry uses,
    /// activates "browser.show-bookmarks": in the window's own action map when it is an
    /// application window (whose "win" group GTK made), else in a "win" group of its own.
    func installWindowAliases(on window: UnsafeMutablePointer<GtkWindow>) {
        let name = WindowAction.showBookmarks.name
        windowAliases.add(name) { [weak self] in self?.actions.activate(name) }
        if gtkshim_is_a(UnsafeMutableRawPointer(window), gtk_application_window_get_type()) != 0,
            let action = g_action_map_lookup_action(windowAliases.group.opaque, name)
        {
            g_action_map_add_action(OpaquePointer(window), action)
        } else {
            gtk_widget_insert_action_group(cast(window), "win", windowAliases.group.opaque)
        }
    }

    /// Adds a shortcut for every accelerator of the table to ``shortcutController``. Escape
    /// is a callback: it goes to the find bar or the location entry first (``escape()``).
    func installShortcuts() {
        for action in WindowAction.all {
            for trigger in action.accelerators {
                let shortcutAction =
                    trigger == "Escape"
                    ? callbackShortcutAction { [weak self] in self?.escape() ?? false }
                    : gtk_named_action_new(action.detailedName)
                let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), shortcutAction)
                gtk_shortcut_controller_add_shortcut(shortcutController, shortcut)
            }
        }
    }

    /// The id of the zoom section's first item, where the zoom row goes
    /// (``BrowserWindowViewController/mainMenuZoom``).
    static let zoomMenuItemID = "zoom"

    /// The main menu (a new `GMenu *`, full reference): a section per ``MainMenuSection``; the
    /// recently closed one holds the "Recently Closed" submenu, `recentlyClosedMenu`, the zoom
    /// one starts with the zoom row's place.
    static func makeMainMenu(recentlyClosedMenu: OpaquePointer) -> OpaquePointer {
        let menu = g_menu_new()!
        for section in MainMenuSection.allCases {
            let items: OpaquePointer
            if section == .recentlyClosed {
                items = g_menu_new()!
                g_menu_append_submenu(items, "Recently Closed", cast(recentlyClosedMenu))
            } else {
                items = makeMenuSection(section)
            }
            if section == .zoom {
                let row = g_menu_item_new(nil, nil)!
                g_menu_item_set_attribute_value(row, "custom", g_variant_new_string(zoomMenuItemID))
                g_menu_prepend_item(items, row)
                g_object_unref(UnsafeMutableRawPointer(row))
            }
            g_menu_append_section(menu, nil, cast(items))
            g_object_unref(UnsafeMutableRawPointer(items))
        }
        return menu
    }

    /// The items of the table's actions in `section`, in the table's order (a new `GMenu *`,
    /// full reference).
    static func makeMenuSection(_ section: MainMenuSection) -> OpaquePointer {
        let items = g_menu_new()!
        for action in WindowAction.all {
            guard let entry = action.menuItem, entry.section == section else { continue }
            let item = g_menu_item_new(entry.label, action.detailedName)!
            // The shortcut the menu shows: the table's first (the window's shortcuts are its
            // own controller's, which the menu does not see).
            if let accelerator = action.accelerators.first {
                g_menu_item_set_attribute_value(item, "accel", g_variant_new_string(accelerator))
            }
            if entry.isHiddenWhenDisabled {
                g_menu_item_set_attribute_value(item, "hidden-when", g_variant_new_string("action-disabled"))
            }
            g_menu_append_item(items, item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
        return items
    }
}
