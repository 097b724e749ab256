import CAdwaita
import CGLib
import CGTK
import Commands
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

final class BrowserWindowViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    func testAnIncognitoWindowLooksApartWithANamedMark() {
        onMainActor {
            let (controller, _) = makeBrowserWindow()
            XCTAssertFalse(controller.hasIncognitoStyle, "a regular window looks regular")
            XCTAssertEqual(gtk_widget_get_visible(controller.incognitoIcon), 0)
            controller.showIncognitoStyle()
            XCTAssertTrue(controller.hasIncognitoStyle)
            XCTAssertNotEqual(gtkshim_accessible_label_is(controller.incognitoIcon, "Incognito"), 0)
            gtk_window_destroy(controller.window)
        }
    }

    func testTheWindowTitleFollowsThePushes() {
        onMainActor {
            let (controller, _) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            for title in ["Page — Swiftlet", "Swiftlet", "Private — Swiftlet (Incognito)"] {
                controller.setWindowTitle(title)
                XCTAssertEqual(controller.windowTitle, title)
                XCTAssertEqual(gtk_window_get_title(controller.window).map { String(cString: $0) }, title)
            }
        }
    }

    func testEmbeddedViewControllersArePlacedInTheirSlots() {
        onMainActor {
            let (controller, _) = makeBrowserWindow()
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
            let (controller, commands) = makeBrowserWindow()
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

    func testEscapeHidesTheFindBarWhenItHasTheFocusElseStopsTheLoad() {
        onMainActor {
            let (controller, commands) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            let findBar = FindBarViewController(
                findInPage: dispatcher.sender(for: (any FindInPageCommands).self))
            controller.findBar = findBar
            gtk_window_present(controller.window)
            XCTAssertEqual(press("Escape", in: controller), false, "not handled: the key goes on")
            XCTAssertEqual(commands.received, ["stopLoading"])
            findBar.setVisible(true)
            pump("the focus in the find bar") {
                gtk_window_get_focus(controller.window).map {
                    gtk_widget_is_ancestor($0, findBar.widget) != 0
                }
                    ?? false
            }
            XCTAssertEqual(press("Escape", in: controller), true)
            XCTAssertEqual(commands.received, ["stopLoading", "hideFindBar"])
        }
    }

    func testMenuAndNewTabButtonSendCommands() {
        onMainActor {
            let (controller, commands) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            XCTAssertNotNil(gtk_menu_button_get_menu_model(OpaquePointer(controller.menuButton)))
            XCTAssertEqual(
                gtk_actionable_get_action_name(OpaquePointer(controller.newTabButton)).map {
                    String(cString: $0)
                },
                "browser.new-tab")
            for action in [
                "new-window", "new-incognito-window", "find", "zoom-in", "zoom-out", "zoom-reset", "print",
                "preferences", "about",
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
                    "printPage", "showPreferences", "showAbout", "quit", "openNewTab",
                ])
        }
    }

    func testToastsShowOverTheContent() {
        onMainActor {
            let (controller, _) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            let content = LabelViewController("content")
            controller.content = content
            XCTAssertNotEqual(gtk_widget_is_ancestor(content.widget, controller.toastOverlay), 0)
            controller.showToast("“a&b.zip” downloaded")
            XCTAssertEqual(
                controller.toastTitles, ["“a&b.zip” downloaded"], "markup characters taken as text")
        }
    }

    func testAToastsButtonsRunTheirActions() {
        onMainActor {
            let (controller, _) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            var clicked: [String] = []
            controller.showToast(
                "“a.zip” downloaded",
                buttons: [
                    ToastButton("Open") { clicked.append("open") },
                    ToastButton("Show in Folder", accessibleLabel: "Show a.zip") { clicked.append("show") },
                ])
            XCTAssertEqual(controller.toastTitles, ["“a.zip” downloaded"])
            let (toast, titleButtons) = try! XCTUnwrap(controller.lastToast)
            XCTAssertEqual(titleButtons.count, 1)
            XCTAssertNotEqual(gtkshim_accessible_label_is(titleButtons[0], "Show a.zip"), 0)
            gtkshim_emit(toast, "button-clicked")
            gtkshim_emit(UnsafeMutableRawPointer(titleButtons[0]), "clicked")
            XCTAssertEqual(clicked, ["open", "show"])
        }
    }

    func testTheDownloadsAndFullscreenSlotsTakeRoomOnlyWhileTheirButtonShows() {
        onMainActor {
            let (controller, _) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            let downloads = LabelViewController("downloads")
            let fullscreen = LabelViewController("fullscreen")
            gtk_widget_set_visible(fullscreen.widget, 0)
            controller.downloads = downloads
            controller.fullscreen = fullscreen
            @MainActor func slotShows(_ child: LabelViewController) -> Bool {
                gtk_widget_get_parent(child.widget).map { gtk_widget_get_visible($0) != 0 } ?? false
            }
            XCTAssertNotEqual(gtk_widget_is_ancestor(downloads.widget, controller.toolbarArea), 0)
            XCTAssertNotEqual(gtk_widget_is_ancestor(fullscreen.widget, controller.toolbarArea), 0)
            XCTAssertTrue(slotShows(downloads))
            XCTAssertFalse(slotShows(fullscreen))
            gtk_widget_set_visible(downloads.widget, 0)
            gtk_widget_set_visible(fullscreen.widget, 1)
            XCTAssertFalse(slotShows(downloads))
            XCTAssertTrue(slotShows(fullscreen))

            // A replaced view controller no longer drives its old slot.
            let other = LabelViewController("other downloads")
            controller.downloads = other
            XCTAssertNil(gtk_widget_get_parent(downloads.widget))
            XCTAssertTrue(slotShows(other))
            gtk_widget_set_visible(downloads.widget, 1)
            gtk_widget_set_visible(downloads.widget, 0)
            XCTAssertTrue(slotShows(other))
        }
    }
}
