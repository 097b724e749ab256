/// A timer that runs an action once after a delay, on an injectable ``TimerClock``.
///
/// Starting a running timer restarts it with the new delay and action, as Chromium's
/// base::OneShotTimer does.
@MainActor
public final class OneShotTimer {
    private let clock: any TimerClock
    private var scheduled: (any ScheduledAction)?
    private var action: (@MainActor () -> Void)?

    /// Creates a stopped timer on `clock`.
    public init(clock: any TimerClock) { self.clock = clock }

    /// Whether the timer is waiting to fire.
    public var isRunning: Bool { scheduled != nil }

    /// (Re)starts the timer: `action` runs once after `delay` unless stopped first.
    public func start(after delay: Duration, _ action: @escaping @MainActor () -> Void) {
        stop()
        self.action = action
        scheduled = clock.schedule(after: delay) { [weak self] in self?.fire() }
    }

    /// Stops the timer without running its action.
    public func stop() {
        scheduled?.cancel()
        scheduled = nil
        action = nil
    }

    /// Runs the pending action now, if the timer is running, and stops it.
    public func fireNow() {
        guard isRunning else { return }
        fire()
    }

    private func fire() {
        let action = self.action
        scheduled?.cancel()
        scheduled = nil
        self.action = nil
        action?()
    }
}
