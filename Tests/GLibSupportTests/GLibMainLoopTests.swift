import CGLib
import Dispatch
import Foundation
import GLibSupport
import TestSupport
import XCTest

final class GLibMainLoopTests: MainActorTestCase, @unchecked Sendable {
    func testTestsRunOnTheMainThread() {
        onMainActor {
            XCTAssertTrue(GLibMainLoop.isMainThread)
        }
    }

    func testMainActorTaskRunsWhileGLibOwnsTheThread() {
        onMainActor {
            let flag = Flag()
            Task { @MainActor in
                flag.onMainThread = GLibMainLoop.isMainThread
                flag.value = true
            }
            XCTAssertTrue(GLibMainLoop.pump(timeout: .seconds(5)) { flag.value })
            XCTAssertTrue(flag.onMainThread)
            XCTAssertTrue(GLibMainLoop.isDispatchQueueBridgeInstalled)
        }
    }

    func testDispatchMainQueueRunsWhileGLibOwnsTheThread() {
        onMainActor {
            let drainsBefore = GLibMainLoop.dispatchQueueDrainCount
            let flag = Flag()
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    flag.onMainThread = GLibMainLoop.isMainThread
                    flag.value = true
                }
            }
            XCTAssertTrue(GLibMainLoop.pump(timeout: .seconds(5)) { flag.value })
            XCTAssertTrue(flag.onMainThread)
            XCTAssertGreaterThan(GLibMainLoop.dispatchQueueDrainCount, drainsBefore)
        }
    }

    func testTaskSleepAndHopsFromBackgroundResume() {
        onMainActor {
            let flag = Flag()
            Task { @MainActor in
                try? await Task.sleep(for: .milliseconds(20))
                let fromBackground = await Task.detached { GLibMainLoop.isMainThread }.value
                XCTAssertFalse(fromBackground)
                flag.onMainThread = GLibMainLoop.isMainThread
                flag.value = true
            }
            XCTAssertTrue(GLibMainLoop.pump(timeout: .seconds(5)) { flag.value })
            XCTAssertTrue(flag.onMainThread)
        }
    }

    func testGLibSourcesStillRun() {
        onMainActor {
            let flag = Flag()
            let data = Unmanaged.passRetained(flag).toOpaque()
            g_idle_add_full(
                G_PRIORITY_DEFAULT,
                { data in
                    let flag = Unmanaged<Flag>.fromOpaque(data!).takeRetainedValue()
                    MainActor.assumeIsolated { flag.value = true }
                    return 0
                }, data, nil)
            XCTAssertTrue(GLibMainLoop.pump(timeout: .seconds(5)) { flag.value })
        }
    }

    func testUnixSignalHandlerRunsOnTheMainLoopForEachSignal() {
        onMainActor {
            var count = 0
            let source = GLibMainLoop.addUnixSignalHandler(SIGUSR1) { count += 1 }
            defer { GLibMainLoop.removeSource(source) }
            raise(SIGUSR1)
            XCTAssertTrue(GLibMainLoop.pump(timeout: .seconds(5)) { count == 1 })
            raise(SIGUSR1)
            XCTAssertTrue(
                GLibMainLoop.pump(timeout: .seconds(5)) { count == 2 }, "the source stays: \(count)")
        }
    }

    func testATimeoutRunsOnceAfterItsDelayUnlessRemoved() {
        onMainActor {
            var runs = 0
            let start = ContinuousClock.now
            let source = GLibMainLoop.addTimeout(milliseconds: 50) { runs += 1 }
            var removedRan = false
            let removed = GLibMainLoop.addTimeout(milliseconds: 10) { removedRan = true }
            GLibMainLoop.removeSource(removed)
            XCTAssertTrue(GLibMainLoop.pump(timeout: .seconds(5)) { runs == 1 })
            XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(45))
            // The removed one was due first: it would have run by now.
            XCTAssertFalse(removedRan)
            // One shot: the source is gone once it ran.
            XCTAssertNil(g_main_context_find_source_by_id(nil, source))
        }
    }

    func testPumpTimesOut() {
        onMainActor {
            let start = ContinuousClock.now
            XCTAssertFalse(GLibMainLoop.pump(timeout: .milliseconds(50)) { false })
            let elapsed = ContinuousClock.now - start
            XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(45))
            XCTAssertLessThan(elapsed, .seconds(5))
        }
    }

    func testPumpReturnsAtOnceWhenTheConditionHolds() {
        onMainActor {
            XCTAssertTrue(GLibMainLoop.pump(timeout: .zero) { true })
            GLibMainLoop.dispatchPending()
        }
    }
}
