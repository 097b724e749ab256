import CAdwaita
import CGTK
import Commands
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

final class ToolbarViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    func testPushesSetSensitivityAndReloadOrStop() {
        onMainActor {
            let toolbar = ToolbarViewController(
                navigation: dispatcher.sender(for: (any NavigationCommands).self))
            XCTAssertEqual(gtk_widget_get_sensitive(toolbar.backButton), 0)
            XCTAssertEqual(gtk_widget_get_sensitive(toolbar.forwardButton), 0)
            toolbar.setNavigationState(canGoBack: true, canGoForward: false)
            XCTAssertEqual(gtk_widget_get_sensitive(toolbar.backButton), 1)
            XCTAssertEqual(gtk_widget_get_sensitive(toolbar.forwardButton), 0)
            XCTAssertEqual(gtk_widget_get_visible(toolbar.reloadButton), 1)
            XCTAssertEqual(gtk_widget_get_visible(toolbar.stopButton), 0)
            toolbar.setLoading(true)
            XCTAssertEqual(gtk_widget_get_visible(toolbar.reloadButton), 0)
            XCTAssertEqual(gtk_widget_get_visible(toolbar.stopButton), 1)
            toolbar.setLoading(false)
            XCTAssertEqual(gtk_widget_get_visible(toolbar.reloadButton), 1)
            XCTAssertEqual(
                gtk_widget_get_tooltip_text(toolbar.backButton).map { String(cString: $0) }, "Back")
        }
    }

    func testClicksSendNavigationCommands() {
        onMainActor {
            let commands = RecordingCommands()
            commands.register(on: dispatcher)
            let toolbar = ToolbarViewController(
                navigation: dispatcher.sender(for: (any NavigationCommands).self))
            toolbar.setNavigationState(canGoBack: true, canGoForward: true)
            for button in [
                toolbar.backButton, toolbar.forwardButton, toolbar.reloadButton, toolbar.stopButton,
            ] {
                gtkshim_emit(UnsafeMutableRawPointer(button), "clicked")
            }
            XCTAssertEqual(commands.received, ["goBack", "goForward", "reload", "stopLoading"])
        }
    }

    func testTheBackAndForwardMenusListTheTabHistoryAndSendTheChosenEntry() {
        onMainActor {
            let commands = RecordingCommands()
            commands.register(on: dispatcher)
            let toolbar = ToolbarViewController(
                navigation: dispatcher.sender(for: (any NavigationCommands).self))
            let window = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
            gtk_window_set_child(window, toolbar.widget)
            gtk_window_present(window)
            defer { gtk_window_destroy(window) }
            pump("the window mapped") { gtk_widget_get_mapped(toolbar.widget) != 0 }
            XCTAssertFalse(
                toolbar.showTabHistory(toolbar.backPopover, menu: toolbar.backMenu), "nothing to list")
            toolbar.setNavigationState(canGoBack: true, canGoForward: true)
            toolbar.setTabHistory(
                back: [
                    TabHistoryItem(index: 1, title: "Page_One"), TabHistoryItem(index: 0, title: "Start"),
                ],
                forward: [TabHistoryItem(index: 3, title: "Later")])
            XCTAssertEqual(toolbar.tabHistoryLabels(), ["Page__One", "Start"])
            XCTAssertEqual(toolbar.tabHistoryLabels(forward: true), ["Later"])
            XCTAssertTrue(toolbar.showTabHistory(toolbar.backPopover, menu: toolbar.backMenu))
            XCTAssertEqual(gtk_widget_get_visible(toolbar.backPopover), 1)

            // Choosing an entry activates the menu's action with the entry's index.
            XCTAssertEqual(
                gtk_widget_activate_action_variant(
                    toolbar.backButton, "toolbar.go-to-history-item", g_variant_new_int64(0)), 1)
            XCTAssertEqual(commands.received, ["goToHistoryItem 0"])

            toolbar.setTabHistory(back: [], forward: [])
            XCTAssertEqual(toolbar.tabHistoryLabels(), [])
            XCTAssertEqual(gtk_widget_get_visible(toolbar.backPopover), 0, "an emptied menu closes")
        }
    }
}
