import CAdwaita
import CGLib
import CGTK
import Commands
import Foundation
import GLibSupport
public import UIInterfaces

// The tabs' context menu: AdwTabView shows it for the tab it was opened on (the menu's
// target); each item sends a ``TabStripCommands`` command for that tab, or, to move it to
// another window, a ``SceneCommands`` one. Its "Move to Window" submenu lists the windows the
// scene mediator pushes (``TabMoveTargetsConsumer``).

extension TabStripViewController {
    /// Makes the menu, its "tab." actions, and follows the tab it opens for.
    func installMenu() {
        let tabCommands:
            [(
                action: String, label: String,
                command: @MainActor (any TabStripCommands, TabIdentifier) -> Void
            )] = [
                ("pin", "Pin Tab", { $0.setTabPinned($1, pinned: true) }),
                ("unpin", "Unpin Tab", { $0.setTabPinned($1, pinned: false) }),
                ("duplicate", "Duplicate", { $0.duplicateTab($1) }),
                ("reload", "Reload", { $0.reloadTab($1) }),
                ("close-others", "Close Other Tabs", { $0.closeOtherTabs($1) }),
                ("close-to-the-right", "Close Tabs to the Right", { $0.closeTabsToTheRight(of: $1) }),
                ("close", "Close Tab", { $0.closeTab($1) }),
            ]
        for entry in tabCommands {
            menuActions.add(entry.action) { [weak self] in
                guard let self, let target = menuTarget else { return }
                tabStrip.send { entry.command($0, target) }
            }
        }
        menuActions.add("move-to-new-window") { [weak self] in
            guard let self, let target = menuTarget else { return }
            scene.send { $0.moveTabToNewWindow(target) }
        }
        menuActions.add("move-to-window") { [weak self] (window: String) in
            guard let self, let target = menuTarget else { return }
            scene.send { $0.moveTab(target, toWindow: WindowIdentifier(window)) }
        }
        gtk_widget_insert_action_group(widget, "tab", menuActions.group.opaque)
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(tabView), signal: "setup-menu") {
                [weak self] args in
                // NULL when the menu closes: keep the target, its action may still be on its way.
                guard let self, let id = id(of: args.object(at: 1)) else { return }
                menuTarget = id
                let pinned = items[id]?.isPinned ?? false
                menuActions.setEnabled("pin", !pinned)
                menuActions.setEnabled("unpin", pinned)
                menuActions.setEnabled("close-to-the-right", order.last != id)
                menuActions.setEnabled("close-others", order.count > 1)
                menuActions.setEnabled("move-to-new-window", order.count > 1)
            })

        let menu = g_menu_new()!
        let sections = [
            ["pin", "unpin", "duplicate", "reload"], ["move-to-new-window"],
            ["close-others", "close-to-the-right", "close"],
        ]
        for names in sections {
            let section = g_menu_new()!
            for name in names {
                let label =
                    name == "move-to-new-window"
                    ? "Move to New Window" : tabCommands.first { $0.action == name }?.label
                guard let label else { continue }
                let item = g_menu_item_new(label, "tab.\(name)")!
                if name == "pin" || name == "unpin" {
                    g_menu_item_set_attribute_value(
                        item, "hidden-when", g_variant_new_string("action-disabled"))
                }
                g_menu_append_item(section, item)
                g_object_unref(UnsafeMutableRawPointer(item))
            }
            if names == ["move-to-new-window"] {
                g_menu_append_submenu(section, "Move to Window", cast(moveTargetsMenu.opaque))
            }
            g_menu_append_section(menu, nil, cast(section))
            g_object_unref(UnsafeMutableRawPointer(section))
        }
        adw_tab_view_set_menu_model(tabView, cast(menu))
        g_object_unref(UnsafeMutableRawPointer(menu))
    }
}

extension TabStripViewController: TabMoveTargetsConsumer {
    /// Remembers this window, which a tab of another window dropped on this strip is moved
    /// here with.
    public func setWindow(_ window: WindowIdentifier) { self.window = window }

    /// Lists `targets` in the tab menu's "Move to Window" submenu.
    public func setMoveTargets(_ targets: [TabMoveTarget]) {
        let menu = moveTargetsMenu.opaque
        g_menu_remove_all(menu)
        for target in targets {
            let item = g_menu_item_new(target.title.replacingOccurrences(of: "_", with: "__"), nil)!
            g_menu_item_set_action_and_target_value(
                item, "tab.move-to-window", g_variant_new_string(target.window.rawValue))
            g_menu_append_item(menu, item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
    }

    /// The labels of the "Move to Window" submenu, in order.
    var moveTargetLabels: [String] {
        let menu: UnsafeMutablePointer<GMenuModel> = cast(moveTargetsMenu.opaque)
        return (0..<g_menu_model_get_n_items(menu)).map { index in
            guard let value = g_menu_model_get_item_attribute_value(menu, index, "label", nil) else {
                return ""
            }
            defer { g_variant_unref(value) }
            return String(cString: g_variant_get_string(value, nil))
        }
    }
}
