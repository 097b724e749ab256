import Dispatch

/// A pending action scheduled on a ``TimerClock``.
@MainActor
public protocol ScheduledAction: AnyObject {
    /// Cancels the action; a no-op if it already ran or was cancelled.
    func cancel()
}

/// The source of time and delayed execution for timers, injectable so that tests control
/// time (``ManualTimerClock``) instead of sleeping.
@MainActor
public protocol TimerClock: AnyObject {
    /// Monotonic time elapsed since an arbitrary origin.
    var now: Duration { get }
    /// Runs `action` on the main actor once `delay` has elapsed, unless cancelled.
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledAction
}

/// The real clock: monotonic time, actions run from the main dispatch queue (which the
/// application's GLib main loop drains).
@MainActor
public final class SystemTimerClock: TimerClock {
    private let origin = ContinuousClock.now

    public init() {}

    /// Monotonic time since this clock was created.
    public var now: Duration { ContinuousClock.now - origin }

    /// Schedules `action` on the main queue after `delay`.
    public func schedule(
        after delay: Duration, _ action: @escaping @MainActor () -> Void
    ) -> any ScheduledAction {
        let item = DispatchWorkItem { MainActor.assumeIsolated { action() } }
        let deadline = DispatchTime.now() + .nanoseconds(Self.wholeNanoseconds(delay))
        DispatchQueue.main.asyncAfter(deadline: deadline, execute: item)
        return DispatchScheduledAction(item)
    }

    /// `delay` in nanoseconds, clamped to `0...Int.max` (a delay too long to represent
    /// waits "forever" rather than overflowing).
    private static func wholeNanoseconds(_ delay: Duration) -> Int {
        guard delay > .zero else { return 0 }
        let (seconds, attoseconds) = delay.components
        let (scaled, overflowed) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, overflowedAgain) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflowed || overflowedAgain ? Int.max : Int(clamping: total)
    }
}

@MainActor
private final class DispatchScheduledAction: ScheduledAction {
    let item: DispatchWorkItem
    init(_ item: DispatchWorkItem) { self.item = item }
    func cancel() { item.cancel() }
}
