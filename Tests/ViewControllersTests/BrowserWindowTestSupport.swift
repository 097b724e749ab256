import CAdwaita
import CGLib
import CGTK
import Commands
import UIInterfaces
import XCTest

@testable import ViewControllers

/// A stand-in embedded view controller.
@MainActor
final class LabelViewController: ViewController {
    let widget: UnsafeMutablePointer<GtkWidget>
    init(_ text: String) {
        widget = gtk_label_new(text)
        _ = g_object_ref_sink(UnsafeMutableRawPointer(widget))
    }
    isolated deinit { g_object_unref(UnsafeMutableRawPointer(widget)) }
}

/// One item of a menu model, its sections flattened: its attributes, and its submenu.
struct MenuEntry {
    var label: String?
    var action: String?
    var target: Int?
    var hiddenWhen: String?
    var submenu: UnsafeMutablePointer<GMenuModel>?
    /// The id of a custom item (a widget in place of the item).
    var custom: String? = nil
}

extension ViewControllerTestCase {
    /// A window view controller filling a new `AdwWindow`, its commands recorded.
    @MainActor
    func makeBrowserWindow() -> (BrowserWindowViewController, RecordingCommands) {
        let commands = RecordingCommands()
        commands.register(on: dispatcher)
        let window = UnsafeMutableRawPointer(adw_window_new()!).assumingMemoryBound(to: GtkWindow.self)
        let controller = BrowserWindowViewController(
            window: window,
            browser: dispatcher.sender(for: (any BrowserCommands).self),
            application: dispatcher.sender(for: (any ApplicationCommands).self),
            tabStrip: dispatcher.sender(for: (any TabStripCommands).self),
            navigation: dispatcher.sender(for: (any NavigationCommands).self),
            findInPage: dispatcher.sender(for: (any FindInPageCommands).self),
            scene: dispatcher.sender(for: (any SceneCommands).self))
        return (controller, commands)
    }

    /// Activates the shortcut whose trigger prints as `trigger`, as the window's shortcut
    /// controller would on the key; returns whether it was handled (nil: no such shortcut).
    @MainActor
    func press(_ trigger: String, in controller: BrowserWindowViewController) -> Bool? {
        let model = controller.shortcutController
        for index in 0..<g_list_model_get_n_items(model) {
            let shortcut = OpaquePointer(g_list_model_get_item(model, index)!)
            defer { g_object_unref(UnsafeMutableRawPointer(shortcut)) }
            let printed = gtk_shortcut_trigger_to_string(gtk_shortcut_get_trigger(shortcut))!
            defer { g_free(printed) }
            guard String(cString: printed) == trigger else { continue }
            return gtk_shortcut_action_activate(
                gtk_shortcut_get_action(shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                UnsafeMutableRawPointer(controller.window).assumingMemoryBound(to: GtkWidget.self), nil) != 0
        }
        return nil
    }

    /// The items of `model`, with those of its sections in their place.
    @MainActor
    func entries(of model: UnsafeMutablePointer<GMenuModel>) -> [MenuEntry] {
        func string(_ index: Int32, _ name: String) -> String? {
            guard let value = g_menu_model_get_item_attribute_value(model, index, name, nil) else {
                return nil
            }
            defer { g_variant_unref(value) }
            guard String(cString: g_variant_get_type_string(value)) == "s" else { return nil }
            return String(cString: g_variant_get_string(value, nil))
        }
        var result: [MenuEntry] = []
        for index in 0..<g_menu_model_get_n_items(model) {
            if let section = g_menu_model_get_item_link(model, index, "section") {
                defer { g_object_unref(UnsafeMutableRawPointer(section)) }
                result += entries(of: section)
                continue
            }
            var target: Int?
            if let value = g_menu_model_get_item_attribute_value(model, index, "target", nil) {
                if String(cString: g_variant_get_type_string(value)) == "x" {
                    target = Int(g_variant_get_int64(value))
                }
                g_variant_unref(value)
            }
            let submenu = g_menu_model_get_item_link(model, index, "submenu")
            // The main menu holds the submenu: the reference taken here need not outlive the call.
            if let submenu { g_object_unref(UnsafeMutableRawPointer(submenu)) }
            result.append(
                MenuEntry(
                    label: string(index, "label"), action: string(index, "action"), target: target,
                    hiddenWhen: string(index, "hidden-when"), submenu: submenu,
                    custom: string(index, "custom"))
            )
        }
        return result
    }

    /// The items of the window's main menu, sections flattened, without its custom items
    /// (the zoom row).
    @MainActor
    func mainMenuEntries(_ controller: BrowserWindowViewController) -> [MenuEntry] {
        entries(of: gtk_menu_button_get_menu_model(OpaquePointer(controller.menuButton))!).filter {
            $0.custom == nil
        }
    }

    /// The items of the main menu's "Recently Closed" submenu.
    @MainActor
    func recentlyClosedEntries(_ controller: BrowserWindowViewController) -> [MenuEntry] {
        guard
            let submenu = mainMenuEntries(controller).first(where: { $0.label == "Recently Closed" })?.submenu
        else {
            XCTFail("no Recently Closed submenu")
            return []
        }
        return entries(of: submenu)
    }
}
