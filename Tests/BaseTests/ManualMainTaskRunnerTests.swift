import Base
import Dispatch
import Synchronization
import Testing

@MainActor
@Suite struct ManualMainTaskRunnerTests {
    /// A main-actor log the tasks append to.
    @MainActor final class Log {
        var entries: [String] = []
    }

    @Test func postedTasksWaitForRunUntilIdle() {
        let runner = ManualMainTaskRunner()
        let log = Log()
        runner.postTask { log.entries.append("a") }
        runner.postTask { log.entries.append("b") }
        #expect(log.entries.isEmpty)
        #expect(runner.pendingTaskCount == 2)
        #expect(runner.runUntilIdle() == 2)
        #expect(log.entries == ["a", "b"])
        #expect(runner.pendingTaskCount == 0)
        #expect(runner.runUntilIdle() == 0)
    }

    @Test func tasksPostedByTasksRunInTheSameCallAfterEarlierOnes() {
        let runner = ManualMainTaskRunner()
        let log = Log()
        runner.postTask {
            log.entries.append("a")
            runner.postTask {
                log.entries.append("c")
                runner.postTask { log.entries.append("d") }
            }
        }
        runner.postTask { log.entries.append("b") }
        #expect(runner.runUntilIdle() == 4)
        #expect(log.entries == ["a", "b", "c", "d"])
    }

    @Test func runUntilIdleWaitsForTrackedBackgroundWork() {
        let runner = ManualMainTaskRunner()
        let log = Log()
        let queue = DispatchQueue(label: "test.background")
        let gate = DispatchSemaphore(value: 0)
        queue.async(
            execute: runner.postingWork {
                gate.wait()
                runner.postTask { log.entries.append("from the background") }
            })
        #expect(runner.pendingBackgroundWorkCount == 1)
        #expect(runner.pendingTaskCount == 0)
        gate.signal()
        #expect(runner.runUntilIdle() == 1)
        #expect(log.entries == ["from the background"])
        #expect(runner.pendingBackgroundWorkCount == 0)
    }

    @Test func backgroundWorkStartedByATaskIsWaitedForToo() {
        let runner = ManualMainTaskRunner()
        let log = Log()
        let queue = DispatchQueue(label: "test.background")
        runner.postTask {
            log.entries.append("task")
            queue.async(
                execute: runner.postingWork {
                    // Work queued from background work is tracked before this one ends.
                    queue.async(
                        execute: runner.postingWork { runner.postTask { log.entries.append("nested") } })
                    runner.postTask { log.entries.append("io") }
                })
        }
        #expect(runner.runUntilIdle() == 3)
        #expect(log.entries == ["task", "io", "nested"])
        #expect(runner.pendingBackgroundWorkCount == 0)
    }

    @Test func theDispatchRunnerRunsOnTheMainQueueInOrder() async {
        let runner = DispatchMainTaskRunner()
        let log = Log()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            runner.postTask { log.entries.append("a") }
            runner.postTask {
                log.entries.append("b")
                continuation.resume()
            }
            #expect(log.entries.isEmpty, "never inline")
        }
        #expect(log.entries == ["a", "b"])
    }
}
