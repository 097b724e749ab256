/// A clock for tests: time moves only when ``advance(by:)`` is called, and due actions run
/// then, in time order (actions scheduled for the same time run in scheduling order).
@MainActor
public final class ManualTimerClock: TimerClock {
    private final class Pending: ScheduledAction {
        let due: Duration
        let sequence: Int
        var action: (@MainActor () -> Void)?
        init(due: Duration, sequence: Int, action: @escaping @MainActor () -> Void) {
            self.due = due
            self.sequence = sequence
            self.action = action
        }
        func cancel() { action = nil }
    }

    /// The current manual time.
    public private(set) var now: Duration = .zero
    private var pending: [Pending] = []
    private var nextSequence = 0

    /// Creates a clock at time zero.
    public init() {}

    /// The number of scheduled actions that have neither run nor been cancelled.
    public var pendingCount: Int { pending.count { $0.action != nil } }

    /// Schedules `action` to run when time reaches `now + delay`.
    public func schedule(
        after delay: Duration, _ action: @escaping @MainActor () -> Void
    ) -> any ScheduledAction {
        let entry = Pending(due: now + max(delay, .zero), sequence: nextSequence, action: action)
        nextSequence += 1
        pending.append(entry)
        return entry
    }

    /// Moves time forward by `delta`, running every action that falls due on the way
    /// (including actions scheduled by those actions, if they fall due in the window).
    /// Time never moves backwards: `delta` must not be negative, and if an action advances
    /// the clock further itself, time stays where that left it.
    public func advance(by delta: Duration) {
        precondition(delta >= .zero, "ManualTimerClock: cannot advance by a negative duration")
        let target = now + delta
        while true {
            pending.removeAll { $0.action == nil }
            guard
                let next = pending.filter({ $0.due <= target })
                    .min(by: { ($0.due, $0.sequence) < ($1.due, $1.sequence) })
            else { break }
            now = max(now, next.due)
            let action = next.action
            next.action = nil
            action?()
        }
        now = max(now, target)
        pending.removeAll { $0.action == nil }
    }

    /// Runs every action due at the current time without moving time.
    public func runDue() { advance(by: .zero) }
}
