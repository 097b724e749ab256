import CAdwaita
import CGLib
import CGTK
import UIInterfaces
import XCTest

@testable import ViewControllers

/// The values a tracker reported, in order.
@MainActor
private final class ActivationRecorder {
    var reported: [WindowActivation] = []
}

/// The state mapping, without a display.
final class WindowActivationTests: XCTestCase {
    func testActivationFromWindowState() {
        let cases: [(visible: Bool, active: Bool, minimized: Bool, expected: WindowActivation)] = [
            (true, true, false, .focused),
            (true, false, false, .visible),
            (true, true, true, .hidden),
            (true, false, true, .hidden),
            (false, true, false, .hidden),
            (false, false, false, .hidden),
            (false, false, true, .hidden),
        ]
        for (visible, active, minimized, expected) in cases {
            XCTAssertEqual(
                WindowActivation.from(isVisible: visible, isActive: active, isMinimized: minimized), expected,
                "visible \(visible), active \(active), minimized \(minimized)")
        }
    }
}

final class WindowActivationTrackerTests: ViewControllerTestCase, @unchecked Sendable {
    @MainActor
    private func makeWindow() -> UnsafeMutablePointer<GtkWindow> {
        let window = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_default_size(window, 320, 240)
        return window
    }

    @MainActor
    private func widget(_ window: UnsafeMutablePointer<GtkWindow>) -> UnsafeMutablePointer<GtkWidget> {
        UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self)
    }

    func testPresentingHidingAndDestroyingTheWindow() {
        onMainActor {
            let window = makeWindow()
            let recorder = ActivationRecorder()
            let tracker = WindowActivationTracker(window: window) { recorder.reported.append($0) }
            XCTAssertEqual(tracker.current, .hidden, "not shown yet")
            XCTAssertTrue(tracker.isTracking)
            XCTAssertFalse(tracker.isWatchingSurface, "no surface before the window is realized")

            gtk_window_present(window)
            pump("the window shown") { tracker.current != .hidden }
            // Without a window manager the window may never get the focus.
            XCTAssertTrue([.visible, .focused].contains(tracker.current), "\(tracker.current)")
            XCTAssertEqual(recorder.reported.last, tracker.current)
            XCTAssertTrue(tracker.isWatchingSurface, "the surface's state tells whether it is minimized")

            gtk_widget_set_visible(widget(window), 0)
            XCTAssertEqual(tracker.current, .hidden)
            XCTAssertEqual(recorder.reported.last, .hidden)

            gtk_window_present(window)
            pump("the window shown again") { tracker.current != .hidden }
            XCTAssertTrue([.visible, .focused].contains(tracker.current), "\(tracker.current)")

            gtk_window_destroy(window)
            XCTAssertEqual(tracker.current, .closed)
            XCTAssertFalse(tracker.isTracking, "a destroyed window is no longer followed")
            XCTAssertFalse(tracker.isWatchingSurface)
            settle()
            XCTAssertEqual(recorder.reported.last, .closed)
            XCTAssertEqual(recorder.reported.filter { $0 == .closed }.count, 1, "closed once")
            for (previous, next) in zip(recorder.reported, recorder.reported.dropFirst()) {
                XCTAssertNotEqual(previous, next, "only changes are reported: \(recorder.reported)")
            }
        }
    }

    func testAWindowShownBeforeTheTrackerStartsIsSeenAsShown() {
        onMainActor {
            let window = makeWindow()
            defer { gtk_window_destroy(window) }
            gtk_window_present(window)
            pump("the window mapped") { gtk_widget_get_mapped(widget(window)) != 0 }
            let recorder = ActivationRecorder()
            let tracker = WindowActivationTracker(window: window) { recorder.reported.append($0) }
            XCTAssertTrue([.visible, .focused].contains(tracker.current), "\(tracker.current)")
            XCTAssertEqual(recorder.reported, [], "the starting value is not a change")
            XCTAssertTrue(tracker.isWatchingSurface, "the window was realized before the tracker started")
            gtk_widget_set_visible(widget(window), 0)
            XCTAssertEqual(recorder.reported, [.hidden])
        }
    }

    func testStoppedOrDroppedTrackersReportNothing() {
        onMainActor {
            let window = makeWindow()
            let recorder = ActivationRecorder()
            let stopped = WindowActivationTracker(window: window) { recorder.reported.append($0) }
            stopped.stop()
            stopped.stop()
            XCTAssertFalse(stopped.isTracking)
            weak var dropped: WindowActivationTracker?
            do {
                let tracker = WindowActivationTracker(window: window) { recorder.reported.append($0) }
                dropped = tracker
            }
            XCTAssertNil(dropped)
            gtk_window_present(window)
            pump("the window mapped") { gtk_widget_get_mapped(widget(window)) != 0 }
            gtk_widget_set_visible(widget(window), 0)
            gtk_window_destroy(window)
            settle()
            XCTAssertEqual(recorder.reported, [])
            XCTAssertEqual(stopped.current, .hidden, "the value from before the stop")
        }
    }
}
