/// Where work done off the main actor posts its results back to the main actor, injectable
/// so that tests run posted tasks when they choose (``ManualMainTaskRunner``) instead of
/// yielding until the main queue had its turn.
///
/// Callable from any thread. Background work that may post (IO on a serial queue, a global
/// queue job) is handed to its queue wrapped by ``postingWork(_:)``, so that a test runner
/// can wait for it before running what it posted.
public protocol MainTaskRunner: Sendable {
    /// Runs `body` on the main actor later, after tasks posted before it; never inline.
    func postTask(_ body: @escaping @MainActor @Sendable () -> Void)

    /// Wraps background `work` that may post tasks. Call it when the work is queued (not
    /// when it starts), and run the result exactly once: a test runner counts it as pending
    /// from this call until it has run.
    func postingWork(_ work: @escaping @Sendable () -> Void) -> @Sendable () -> Void
}

extension MainTaskRunner {
    /// Returns `work` unchanged: nothing waits for background work.
    public func postingWork(_ work: @escaping @Sendable () -> Void) -> @Sendable () -> Void { work }
}
