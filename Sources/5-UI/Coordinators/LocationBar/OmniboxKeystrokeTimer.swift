import CGTK
import Foundation
import GLibSupport
import UIInterfaces

#if canImport(Glibc)
import Glibc
#endif

/// Measures typing in the location entry for the test-only event log, as Chromium's
/// `Omnibox.CharTypedToRepaintLatency` does (components/omnibox/browser/omnibox_view.cc,
/// recorded from `RenderWidgetHostImpl`'s paint): for each key that types a character, from
/// the key to the end of the next frame painted after the dropdown's rows were pushed. It is
/// the dropdown's consumer in front of its view controller, so it sees the rows pushed, and
/// it watches the entry's keys in the capture phase, before the entry handles them. Recorded
/// as `omnibox-keystroke <cpu> <to rows> <to paint> <from event> <cpu to the view>` in
/// milliseconds: the main thread's CPU time from the key to the rows pushed (the view's rows
/// made), the wall time from the key's handler to the rows pushed and to the frame painted,
/// the wall time from the key event's own timestamp (the X server's monotonic milliseconds,
/// so its queueing is included) to that frame, and the CPU time from the key to the rows
/// handed to the view (`make bench-peers` reads them). Made only when the event log is on.
@MainActor
final class OmniboxKeystrokeTimer: OmniboxPopupConsumer {
    private let target: any OmniboxPopupConsumer
    private let entry: UnsafeMutablePointer<GtkWidget>
    private var connections: [SignalConnection] = []
    private var afterPaint: SignalConnection?
    /// The key being handled, until its character changes the entry's text.
    private var pressed: Keystroke?
    /// Keys whose character is in the entry, waiting for their rows. Keys typed faster than
    /// the edits are read share the rows of one edit.
    private var applied: [Keystroke] = []
    /// Keys whose rows were pushed, waiting for the next frame.
    private var pushed: [Keystroke] = []

    private struct Keystroke {
        /// When its handler ran: the main thread's CPU time and the wall time.
        var cpu: Double
        var wall: Double
        /// How old the key event was then.
        var eventAge: Double?
        /// When its rows were pushed: the main thread's CPU time as they reached the view and
        /// once the view had made them, and the wall time then.
        var rows: (cpuIn: Double, cpu: Double, wall: Double)?
    }

    /// Forwards the dropdown's pushes to `target`; `entry` is the location entry.
    init(forwardingTo target: any OmniboxPopupConsumer, entry: UnsafeMutablePointer<GtkWidget>) {
        self.target = target
        self.entry = entry
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(keys), signal: "key-pressed") {
                [weak self] args in
                self?.keyPressed(args.uint(at: 1), controller: keys)
                args.setReturnValue(false)
            })
        gtk_widget_add_controller(entry, keys)
        // The key's character is in the entry once it says its text changed (which comes
        // after the dropdown has read the edit of an earlier key, if that was still pending).
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(entry), signal: "changed") { [weak self] _ in
                guard let self, let pressed else { return }
                applied.append(pressed)
                self.pressed = nil
            })
    }

    private func keyPressed(_ keyval: UInt32, controller: OpaquePointer) {
        // A character: not a modifier, an arrow, nor a control key (Escape, Return, BackSpace
        // have control characters).
        let character = gdk_keyval_to_unicode(keyval)
        guard character >= 0x20, character != 0x7F else { return }
        let wall = EventLog.milliseconds(CLOCK_MONOTONIC)
        var eventAge: Double?
        if let event = gtk_event_controller_get_current_event(controller) {
            // X11 event times are the server's CLOCK_MONOTONIC in milliseconds, in 32 bits.
            let now = UInt32(truncatingIfNeeded: Int64(wall))
            let age = now &- gdk_event_get_time(event)
            if age < 10_000 { eventAge = Double(age) }
        }
        pressed = Keystroke(
            cpu: EventLog.milliseconds(CLOCK_THREAD_CPUTIME_ID), wall: wall, eventAge: eventAge)
    }

    private func painted() {
        let wall = EventLog.milliseconds(CLOCK_MONOTONIC)
        for keystroke in pushed {
            guard let rows = keystroke.rows else { continue }
            let toPaint = wall - keystroke.wall
            let figures = [
                rows.cpu - keystroke.cpu, rows.wall - keystroke.wall, toPaint,
                keystroke.eventAge.map { toPaint + $0 },
                rows.cpuIn - keystroke.cpu,
            ]
            EventLog.record(
                "omnibox-keystroke",
                figures.map { $0.map { String(format: "%.3f", $0) } ?? "-" }.joined(separator: " "))
        }
        pushed.removeAll()
    }

    // MARK: OmniboxPopupConsumer

    func setRows(_ rows: [OmniboxPopupRow], selected: Int?) {
        let cpuIn = EventLog.milliseconds(CLOCK_THREAD_CPUTIME_ID)
        target.setRows(rows, selected: selected)
        guard !applied.isEmpty else { return }
        let now = (
            cpuIn, EventLog.milliseconds(CLOCK_THREAD_CPUTIME_ID), EventLog.milliseconds(CLOCK_MONOTONIC)
        )
        for index in applied.indices { applied[index].rows = now }
        pushed += applied
        applied.removeAll()
        // The popover is a surface of its own, drawn on its window's frame clock.
        guard afterPaint == nil, let clock = gtk_widget_get_frame_clock(entry) else { return }
        afterPaint = SignalConnection.connect(UnsafeMutableRawPointer(clock), signal: "after-paint") {
            [weak self] _ in
            self?.painted()
        }
    }

    func setEntryState(_ state: OmniboxTextState) { target.setEntryState(state) }

    func showTabText(typedText: String?) { target.showTabText(typedText: typedText) }
}
