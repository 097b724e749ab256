import Dispatch
import Synchronization

/// A runner for tests: posted tasks wait in a queue until ``runUntilIdle()`` runs them, on
/// the caller's turn of the main actor, so a test states exactly when main-actor completions
/// happen (and can check that one has not happened yet without waiting for it).
///
/// Background work wrapped by ``postingWork(_:)`` is tracked: ``runUntilIdle()`` first waits
/// for it, so "wait for the IO, then run what it posted" is one deterministic call.
public final class ManualMainTaskRunner: MainTaskRunner {
    private let queued = Mutex<[@MainActor @Sendable () -> Void]>([])
    private let background = DispatchGroup()
    private let backgroundCount = Atomic<Int>(0)

    /// Creates a runner with nothing queued.
    public init() {}

    /// Queues `body` until ``runUntilIdle()``.
    public func postTask(_ body: @escaping @MainActor @Sendable () -> Void) {
        queued.withLock { $0.append(body) }
    }

    /// Counts `work` as pending background work until it has run.
    public func postingWork(_ work: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        background.enter()
        backgroundCount.add(1, ordering: .sequentiallyConsistent)
        return { [self] in
            work()
            backgroundCount.subtract(1, ordering: .sequentiallyConsistent)
            background.leave()
        }
    }

    /// The number of posted tasks that have not run.
    public var pendingTaskCount: Int { queued.withLock { $0.count } }

    /// The number of wrapped background works that have not finished.
    public var pendingBackgroundWorkCount: Int { backgroundCount.load(ordering: .sequentiallyConsistent) }

    /// Waits for the tracked background work, then runs posted tasks in posting order —
    /// including tasks posted by them and by background work they start — until no task is
    /// queued and no tracked work is pending. Returns the number of tasks run.
    @MainActor
    @discardableResult
    public func runUntilIdle() -> Int {
        var count = 0
        while true {
            // Only the main actor (this caller, or the tasks it runs) queues new tracked
            // work, and work only wraps more work before it finishes: once the group is
            // empty here, it stays empty until a task below runs.
            background.wait()
            let batch = queued.withLock { list in
                defer { list.removeAll() }
                return list
            }
            guard !batch.isEmpty else { return count }
            for task in batch {
                task()
                count += 1
            }
        }
    }
}
