import CAdwaita
import CGLib
import CGTK
import Commands
import GLibSupport
public import UIInterfaces

// The Back and Forward menus: a right-click (or a long press, for touch; or Shift+F10 or the
// Menu key on the focused button, GTK's context menu keys) on either button opens a menu of
// the tab's earlier or later pages, nearest first, as every browser's does (Chromium's
// `BackForwardMenuModel`); choosing one sends
// ``NavigationCommands/goToHistoryItem(at:)`` with its index. A long press claims its touch,
// so that the button's own click does not go back as well.

extension ToolbarViewController {
    func installTabHistoryMenus() {
        menuActions.add(
            "go-to-history-item",
            int64: { [navigation] index in
                navigation.send { $0.goToHistoryItem(at: index) }
            })
        gtk_widget_insert_action_group(widget, "toolbar", menuActions.group.opaque)
        backPopover = makePopover(for: backButton, menu: backMenu)
        forwardPopover = makePopover(for: forwardButton, menu: forwardMenu)
    }

    private func makePopover(
        for button: UnsafeMutablePointer<GtkWidget>, menu: GObjectRef
    ) -> UnsafeMutablePointer<GtkWidget> {
        let popover = gtk_popover_menu_new_from_model(cast(menu.opaque))!
        gtk_widget_set_parent(popover, button)
        gtk_popover_set_has_arrow(cast(popover), 0)
        gtk_widget_set_halign(popover, GTK_ALIGN_START)

        let rightClick = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(rightClick, UInt32(GDK_BUTTON_SECONDARY))
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(rightClick), signal: "pressed") {
                [weak self] _ in self?.showTabHistory(popover, menu: menu)
            })
        gtk_widget_add_controller(button, rightClick)

        let longPress = gtk_gesture_long_press_new()!
        gtk_gesture_single_set_touch_only(longPress, 0)
        gtk_event_controller_set_propagation_phase(longPress, GTK_PHASE_CAPTURE)
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(longPress), signal: "pressed") {
                [weak self] _ in
                guard let self, showTabHistory(popover, menu: menu) else { return }
                gtk_gesture_set_state(longPress, GTK_EVENT_SEQUENCE_CLAIMED)
            })
        gtk_widget_add_controller(button, longPress)

        let keys = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(
            keys,
            gtk_shortcut_new(
                gtk_shortcut_trigger_parse_string("<Shift>F10|Menu"),
                callbackShortcutAction { [weak self] in self?.showTabHistory(popover, menu: menu) ?? false }))
        gtk_widget_add_controller(button, keys)
        return popover
    }

    /// Opens `popover` if its menu lists any page; returns whether it did.
    @discardableResult
    func showTabHistory(_ popover: UnsafeMutablePointer<GtkWidget>, menu: GObjectRef) -> Bool {
        guard g_menu_model_get_n_items(cast(menu.opaque)) > 0 else { return false }
        gtk_popover_popup(cast(popover))
        return true
    }

    /// Lists `back` and `forward` in the Back and Forward menus.
    public func setTabHistory(back: [TabHistoryItem], forward: [TabHistoryItem]) {
        Self.fill(backMenu, with: back)
        Self.fill(forwardMenu, with: forward)
        if back.isEmpty { gtk_popover_popdown(cast(backPopover)) }
        if forward.isEmpty { gtk_popover_popdown(cast(forwardPopover)) }
    }

    private static func fill(_ menu: GObjectRef, with items: [TabHistoryItem]) {
        g_menu_remove_all(menu.opaque)
        for entry in items {
            // A menu label's "_" marks a mnemonic: a title's own is doubled.
            let item = g_menu_item_new(entry.title.replacingOccurrences(of: "_", with: "__"), nil)!
            g_menu_item_set_action_and_target_value(
                item, "toolbar.go-to-history-item", g_variant_new_int64(entry.index))
            g_menu_append_item(menu.opaque, item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
    }

    /// The labels of the Back menu (`forward`: of the Forward menu), in order.
    func tabHistoryLabels(forward: Bool = false) -> [String] {
        let menu: UnsafeMutablePointer<GMenuModel> = cast((forward ? forwardMenu : backMenu).opaque)
        return (0..<g_menu_model_get_n_items(menu)).map { index in
            guard let value = g_menu_model_get_item_attribute_value(menu, index, "label", nil) else {
                return ""
            }
            defer { g_variant_unref(value) }
            return String(cString: g_variant_get_string(value, nil))
        }
    }
}
