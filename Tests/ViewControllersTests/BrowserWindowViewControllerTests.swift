import CAdwaita
import CGLib
import CGTK
import Commands
import UIInterfaces
import XCTest

@testable import ViewControllers

/// A stand-in embedded view controller.
@MainActor
private final class LabelViewController: ViewController {
    let widget: UnsafeMutablePointer<GtkWidget>
    init(_ text: String) {
        widget = gtk_label_new(text)
        _ = g_object_ref_sink(UnsafeMutableRawPointer(widget))
    }
    isolated deinit { g_object_unref(UnsafeMutableRawPointer(widget)) }
}

final class BrowserWindowViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    @MainActor
    private func makeWindow() -> (BrowserWindowViewController, RecordingCommands) {
        let commands = RecordingCommands()
        commands.register(on: dispatcher)
        let window = UnsafeMutableRawPointer(adw_window_new()!).assumingMemoryBound(to: GtkWindow.self)
        let controller = BrowserWindowViewController(
            window: window,
            browser: dispatcher.sender(for: (any BrowserCommands).self),
            application: dispatcher.sender(for: (any ApplicationCommands).self),
            tabStrip: dispatcher.sender(for: (any TabStripCommands).self),
            navigation: dispatcher.sender(for: (any NavigationCommands).self),
            findInPage: dispatcher.sender(for: (any FindInPageCommands).self))
        return (controller, commands)
    }

    /// Activates the shortcut whose trigger prints as `trigger`, as the controller would on the
    /// key; returns whether it was handled.
    @MainActor
    private func press(_ trigger: String, in controller: BrowserWindowViewController) -> Bool? {
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

    func testFinishedDownloadsShowAToastOverTheContent() {
        onMainActor {
            let (controller, _) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            let content = LabelViewController("content")
            controller.content = content
            XCTAssertNotEqual(gtk_widget_is_ancestor(content.widget, controller.toastOverlay), 0)
            controller.showDownloadFinished(fileName: "a&b.zip")
            controller.showDownloadFailed(fileName: "c.zip")
            XCTAssertEqual(
                controller.toastTitles, ["“a&b.zip” downloaded", "“c.zip” could not be downloaded"])
        }
    }

    func testEmbeddedViewControllersArePlacedInTheirSlots() {
        onMainActor {
            let (controller, _) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            let toolbar = LabelViewController("toolbar")
            let location = LabelViewController("location")
            let content = LabelViewController("content")
            controller.toolbar = toolbar
            controller.locationBar = location
            controller.content = content
            for child in [toolbar.widget, location.widget, content.widget] {
                XCTAssertNotEqual(gtk_widget_is_ancestor(child, controller.widget), 0)
            }
            let other = LabelViewController("other content")
            controller.content = other
            XCTAssertNil(gtk_widget_get_parent(content.widget), "the replaced view controller is taken out")
            XCTAssertNotEqual(gtk_widget_is_ancestor(other.widget, controller.widget), 0)
            XCTAssertNotNil(gtk_widget_get_parent(controller.widget), "the window holds the content")
        }
    }

    func testShortcutsSendTheirCommands() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            XCTAssertEqual(
                gtk_event_controller_get_propagation_phase(controller.shortcutController), GTK_PHASE_CAPTURE)
            let expected: [(String, String)] = [
                ("<Control>t", "openNewTab"), ("<Control>w", "closeCurrentTab"),
                ("<Control>n", "openNewWindow"),
                ("<Shift><Control>n", "openNewIncognitoWindow"), ("<Control>l", "focusLocationBar"),
                ("F6", "focusLocationBar"), ("<Control>f", "showFindBar"),
                ("<Control>Tab", "selectTabByOffset 1"), ("<Shift><Control>Tab", "selectTabByOffset -1"),
                ("<Control>Page_Down", "selectTabByOffset 1"), ("<Control>Page_Up", "selectTabByOffset -1"),
                ("<Shift><Control>Page_Up", "moveSelectedTab -1"),
                ("<Shift><Control>Page_Down", "moveSelectedTab 1"),
                ("<Control>1", "selectTabAtIndex 0"), ("<Control>8", "selectTabAtIndex 7"),
                ("<Control>9", "selectLastTab"), ("<Alt>Left", "goBack"), ("<Alt>Right", "goForward"),
                ("F5", "reload"), ("<Control>r", "reload"), ("<Control>q", "quit"),
                ("<Control>plus", "zoomIn"), ("<Control>equal", "zoomIn"), ("<Control>minus", "zoomOut"),
                ("<Control>0", "resetZoom"), ("F11", "toggleFullscreen"), ("<Control>p", "printPage"),
            ]
            for (trigger, command) in expected {
                XCTAssertEqual(press(trigger, in: controller), true, trigger)
                XCTAssertEqual(commands.received.last, command, trigger)
            }
            XCTAssertEqual(commands.received.count, expected.count)
        }
    }

    func testEscapeHidesTheFindBarOnlyWhenItHasTheFocus() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            let findBar = FindBarViewController(
                findInPage: dispatcher.sender(for: (any FindInPageCommands).self))
            controller.findBar = findBar
            gtk_window_present(controller.window)
            XCTAssertEqual(press("Escape", in: controller), false, "not handled: the key goes on")
            XCTAssertEqual(commands.received, [])
            findBar.setVisible(true)
            pump("the focus in the find bar") {
                gtk_window_get_focus(controller.window).map {
                    gtk_widget_is_ancestor($0, findBar.widget) != 0
                }
                    ?? false
            }
            XCTAssertEqual(press("Escape", in: controller), true)
            XCTAssertEqual(commands.received, ["hideFindBar"])
        }
    }

    func testMenuAndNewTabButtonSendCommands() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            XCTAssertNotNil(gtk_menu_button_get_menu_model(OpaquePointer(controller.menuButton)))
            XCTAssertEqual(
                gtk_actionable_get_action_name(OpaquePointer(controller.newTabButton)).map {
                    String(cString: $0)
                },
                "browser.new-tab")
            for action in [
                "new-window", "new-incognito-window", "find", "zoom-in", "zoom-out", "zoom-reset", "print",
                "about",
                "quit", "new-tab",
            ] {
                XCTAssertNotEqual(
                    gtk_widget_activate_action_variant(
                        UnsafeMutableRawPointer(controller.window).assumingMemoryBound(to: GtkWidget.self),
                        "browser.\(action)", nil), 0, action)
            }
            XCTAssertEqual(
                commands.received,
                [
                    "openNewWindow", "openNewIncognitoWindow", "showFindBar", "zoomIn", "zoomOut",
                    "resetZoom",
                    "printPage", "showAbout", "quit", "openNewTab",
                ])
        }
    }
}
