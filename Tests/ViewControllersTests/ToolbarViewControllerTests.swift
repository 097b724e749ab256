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
}
