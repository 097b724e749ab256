import CGTK
import Foundation
import GLibSupport
import TabModel

#if canImport(Glibc)
import Glibc
#endif

/// Measures tab switches for the test-only event log: from a change of the window's active
/// tab to the end of the next frame the window paints, the main thread's CPU time and the
/// wall time, recorded as `tab-switched <cpu ms> <wall ms>` (`make bench-peers` reads them).
///
/// The CPU time is what the main thread did in between: the model's observers (the tab
/// strip, the content area, the toolbar …), realizing an unrealized tab and starting its
/// load, GTK's layout and drawing of the frame — and anything else the main loop ran in that
/// time, so it is an upper bound of the switch's own work. It is made only when the event
/// log is on, and it observes the list before the mediators do (the coordinator makes it
/// first), so their work is inside the measurement.
@MainActor
final class TabSwitchTimer: WebStateListObserver {
    private let list: WebStateList
    private let window: @MainActor () -> UnsafeMutablePointer<GtkWidget>?
    private var start: (cpu: Double, wall: Double)?
    private var afterPaint: SignalConnection?

    /// Starts observing `webStateList`; `window` gives the window whose frames end a switch.
    init(webStateList: WebStateList, window: @escaping @MainActor () -> UnsafeMutablePointer<GtkWidget>?) {
        list = webStateList
        self.window = window
        webStateList.addObserver(self)
    }

    /// Stops observing.
    func stop() {
        list.removeObserver(self)
        afterPaint = nil
        start = nil
    }

    func webStateListDidChange(_ list: WebStateList, change: WebStateListChange, status: WebStateListStatus) {
        guard case .statusOnly = change, status.activeWebStateChanged, status.oldActiveWebState != nil,
            status.newActiveWebState != nil
        else { return }
        start = (EventLog.milliseconds(CLOCK_THREAD_CPUTIME_ID), EventLog.milliseconds(CLOCK_MONOTONIC))
        guard afterPaint == nil, let window = window(), let clock = gtk_widget_get_frame_clock(window) else {
            return
        }
        afterPaint = SignalConnection.connect(UnsafeMutableRawPointer(clock), signal: "after-paint") {
            [weak self] _ in
            self?.painted()
        }
    }

    private func painted() {
        guard let start else { return }
        self.start = nil
        let cpu = EventLog.milliseconds(CLOCK_THREAD_CPUTIME_ID) - start.cpu
        let wall = EventLog.milliseconds(CLOCK_MONOTONIC) - start.wall
        EventLog.record("tab-switched", String(format: "%.2f %.2f", cpu, wall))
    }
}
