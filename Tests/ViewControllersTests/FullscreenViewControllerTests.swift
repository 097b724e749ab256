import CAdwaita
import CGLib
import CGTK
import Commands
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

/// What the fullscreen mediator publishes, set by hand.
@MainActor
private final class RevealSource: BroadcastSource {
    let broadcastNotifier = BroadcastNotifier()
    var isRevealed = false { didSet { broadcastNotifier.valuesDidChange() } }
}

/// Records the window's published properties: "fullscreen", "pointer" and "focus" with each
/// new value.
@MainActor
private final class WindowPropertiesRecorder {
    var log: [String] = []
    func follow(_ broadcaster: Broadcaster) {
        broadcaster.addObserver(self, for: .isFullscreen) { $0.log.append("fullscreen \($1)") }
        broadcaster.addObserver(self, for: .fullscreenPointerPosition) { $0.log.append("pointer \($1)") }
        broadcaster.addObserver(self, for: .isFocusInToolbar) { $0.log.append("focus \($1)") }
    }
}

final class FullscreenViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    /// A window hosting a fullscreen view controller, as the coordinator makes them.
    @MainActor
    private func makeWindowWithFullscreen() -> (BrowserWindowViewController, FullscreenViewController) {
        let (window, _) = makeBrowserWindow()
        let controller = FullscreenViewController(layout: window)
        window.fullscreen = controller
        return (window, controller)
    }

    func testTheWindowPublishesItsFullscreenStateAndTheToolbarFollowsTheBroadcaster() {
        onMainActor {
            let (window, controller) = makeWindowWithFullscreen()
            defer { gtk_window_destroy(window.window) }
            let leaveButton = controller.widget
            let broadcaster = Broadcaster()
            let recorder = WindowPropertiesRecorder()
            recorder.follow(broadcaster)
            let reveal = RevealSource()
            broadcaster.broadcast(.isToolbarRevealedInFullscreen, from: reveal, at: \.isRevealed)
            controller.connect(to: broadcaster)
            XCTAssertEqual(recorder.log, ["fullscreen false", "pointer elsewhere", "focus false"])
            XCTAssertTrue(window.isToolbarShown)
            XCTAssertEqual(adw_flap_get_fold_policy(window.flap), ADW_FLAP_FOLD_POLICY_NEVER)
            XCTAssertEqual(gtk_widget_get_visible(leaveButton), 0)
            XCTAssertNotEqual(gtk_widget_is_ancestor(leaveButton, window.toolbarArea), 0)
            recorder.log.removeAll()

            // A window not shown yet is fullscreen as soon as asked (a shown one, once the
            // desktop says so: a bare Xvfb has no window manager to).
            gtk_window_fullscreen(window.window)
            XCTAssertEqual(recorder.log, ["fullscreen true"])
            XCTAssertFalse(window.isToolbarShown, "the header bar and the tab strip hide")
            XCTAssertEqual(adw_flap_get_fold_policy(window.flap), ADW_FLAP_FOLD_POLICY_ALWAYS)
            XCTAssertNotEqual(gtk_widget_get_visible(leaveButton), 0)
            XCTAssertNotEqual(gtk_widget_get_visible(gtk_widget_get_parent(leaveButton)), 0, "its slot too")
            XCTAssertNotEqual(gtkshim_accessible_label_is(leaveButton, "Leave Fullscreen"), 0)
            XCTAssertEqual(
                gtk_actionable_get_action_name(OpaquePointer(leaveButton)).map { String(cString: $0) },
                "browser.fullscreen")
            reveal.isRevealed = true
            XCTAssertTrue(window.isToolbarShown, "revealed over the page")
            XCTAssertEqual(adw_flap_get_fold_policy(window.flap), ADW_FLAP_FOLD_POLICY_ALWAYS)
            reveal.isRevealed = false
            XCTAssertFalse(window.isToolbarShown)

            gtk_window_unfullscreen(window.window)
            XCTAssertEqual(recorder.log, ["fullscreen true", "fullscreen false"])
            XCTAssertTrue(window.isToolbarShown)
            XCTAssertEqual(adw_flap_get_fold_policy(window.flap), ADW_FLAP_FOLD_POLICY_NEVER)
            XCTAssertEqual(gtk_widget_get_visible(leaveButton), 0)

            controller.disconnect(from: broadcaster)
            XCTAssertFalse(broadcaster.isBroadcasting(.isFullscreen))
            XCTAssertFalse(broadcaster.hasObserver(controller, for: .isToolbarRevealedInFullscreen))
        }
    }

    func testThePointerAndTheFocusArePublished() {
        onMainActor {
            let (window, controller) = makeWindowWithFullscreen()
            defer { gtk_window_destroy(window.window) }
            window.toolbar = LabelViewController("toolbar")
            let broadcaster = Broadcaster()
            let recorder = WindowPropertiesRecorder()
            recorder.follow(broadcaster)
            controller.connect(to: broadcaster)
            recorder.log.removeAll()
            var toolbarHeight: Int32 = 0
            gtk_widget_measure(
                window.toolbarArea, GTK_ORIENTATION_VERTICAL, -1, nil, &toolbarHeight, nil, nil)
            XCTAssertGreaterThan(toolbarHeight, 20)
            // What the window's motion controller reports, as GTK would on pointer events.
            let pointer = try! XCTUnwrap(controller.pointerController)
            // Outside fullscreen nothing uses the position: it stays "elsewhere".
            gtkshim_emit_point(UnsafeMutableRawPointer(pointer), "enter", 300, 2)
            gtkshim_emit_point(UnsafeMutableRawPointer(pointer), "motion", 300, 1)
            XCTAssertEqual(recorder.log, [])
            gtk_window_fullscreen(window.window)  // at once: the window is not shown yet
            XCTAssertEqual(recorder.log, ["fullscreen true"])
            recorder.log.removeAll()
            gtkshim_emit_point(UnsafeMutableRawPointer(pointer), "enter", 300, 400)
            gtkshim_emit_point(UnsafeMutableRawPointer(pointer), "motion", 300, 2)
            gtkshim_emit_point(UnsafeMutableRawPointer(pointer), "motion", 310, 3)
            gtkshim_emit_point(UnsafeMutableRawPointer(pointer), "motion", 300, Double(toolbarHeight) - 1)
            gtkshim_emit_point(UnsafeMutableRawPointer(pointer), "motion", 300, Double(toolbarHeight) + 1)
            gtkshim_emit_point(UnsafeMutableRawPointer(pointer), "motion", 300, 1)
            gtkshim_emit(UnsafeMutableRawPointer(pointer), "leave")
            XCTAssertEqual(
                recorder.log,
                [
                    "pointer atTopEdge", "pointer overToolbar", "pointer elsewhere", "pointer atTopEdge",
                    "pointer elsewhere",
                ])
            gtk_window_unfullscreen(window.window)
            recorder.log.removeAll()
            // The keyboard focus in the header bar (Ctrl+L's location entry, a button), then
            // back in the page.
            gtk_window_present(window.window)
            pump("the window shown") { gtk_widget_get_mapped(cast(window.window)) != 0 }
            let content = LabelViewController("page")
            gtk_label_set_selectable(OpaquePointer(content.widget), 1)  // takes the focus
            window.content = content
            gtk_window_set_focus(window.window, window.newTabButton)
            gtk_window_set_focus(window.window, content.widget)
            XCTAssertEqual(recorder.log, ["focus true", "focus false"])
            controller.disconnect(from: broadcaster)
        }
    }
}
