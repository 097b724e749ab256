import Base
import TestSupport
import Testing

@MainActor
@Suite struct ManualTimerClockTests {
    @Test func startsAtZeroWithNothingPending() {
        let clock = ManualTimerClock()
        #expect(clock.now == .zero)
        #expect(clock.pendingCount == 0)
    }

    @Test func advanceMovesTimeWithoutActions() {
        let clock = ManualTimerClock()
        clock.advance(by: .seconds(2))
        clock.advance(by: .milliseconds(500))
        #expect(clock.now == .milliseconds(2500))
        clock.runDue()
        #expect(clock.now == .milliseconds(2500))
    }

    @Test func actionRunsExactlyWhenDue() {
        let clock = ManualTimerClock()
        var ranAt: [Duration] = []
        _ = clock.schedule(after: .seconds(3)) { ranAt.append(clock.now) }

        clock.advance(by: .milliseconds(2999))
        #expect(ranAt.isEmpty)
        #expect(clock.pendingCount == 1)

        clock.advance(by: .milliseconds(1))
        #expect(ranAt == [.seconds(3)])
        #expect(clock.pendingCount == 0)

        clock.advance(by: .seconds(10))
        #expect(ranAt == [.seconds(3)])
    }

    @Test func actionsRunInDueOrderAndSameDueInSchedulingOrder() {
        let clock = ManualTimerClock()
        var log: [String] = []
        var times: [Duration] = []
        func record(_ name: String) -> @MainActor () -> Void {
            {
                log.append(name)
                times.append(clock.now)
            }
        }
        _ = clock.schedule(after: .seconds(3), record("c"))
        _ = clock.schedule(after: .seconds(1), record("a"))
        _ = clock.schedule(after: .seconds(2), record("b1"))
        _ = clock.schedule(after: .seconds(2), record("b2"))
        _ = clock.schedule(after: .seconds(2), record("b3"))
        #expect(clock.pendingCount == 5)

        clock.advance(by: .seconds(5))
        #expect(log == ["a", "b1", "b2", "b3", "c"])
        #expect(times == [.seconds(1), .seconds(2), .seconds(2), .seconds(2), .seconds(3)])
        #expect(clock.now == .seconds(5))
    }

    @Test func sameDueFromDifferentSchedulingTimesKeepsSchedulingOrder() {
        let clock = ManualTimerClock()
        var log: [String] = []
        _ = clock.schedule(after: .seconds(3)) { log.append("first") }
        clock.advance(by: .seconds(1))
        _ = clock.schedule(after: .seconds(2)) { log.append("second") }
        clock.advance(by: .seconds(2))
        #expect(log == ["first", "second"])
    }

    @Test func actionScheduledByAnActionWithinTheWindowRuns() {
        let clock = ManualTimerClock()
        var log: [String] = []
        _ = clock.schedule(after: .seconds(1)) {
            log.append("outer@\(clock.now)")
            _ = clock.schedule(after: .seconds(2)) { log.append("inner@\(clock.now)") }
            _ = clock.schedule(after: .zero) { log.append("immediate@\(clock.now)") }
            _ = clock.schedule(after: .seconds(10)) { log.append("late@\(clock.now)") }
        }
        _ = clock.schedule(after: .seconds(2)) { log.append("other@\(clock.now)") }

        clock.advance(by: .seconds(5))
        #expect(
            log == [
                "outer@\(Duration.seconds(1))",
                "immediate@\(Duration.seconds(1))",
                "other@\(Duration.seconds(2))",
                "inner@\(Duration.seconds(3))",
            ])
        #expect(clock.pendingCount == 1)

        clock.advance(by: .seconds(6))
        #expect(log.last == "late@\(Duration.seconds(11))")
        #expect(clock.pendingCount == 0)
    }

    @Test func zeroAndNegativeDelaysRunAtTheCurrentTime() {
        let clock = ManualTimerClock()
        clock.advance(by: .seconds(4))
        var ranAt: [Duration] = []
        _ = clock.schedule(after: .zero) { ranAt.append(clock.now) }
        _ = clock.schedule(after: .seconds(-3)) { ranAt.append(clock.now) }
        #expect(ranAt.isEmpty)
        #expect(clock.pendingCount == 2)

        clock.runDue()
        #expect(ranAt == [.seconds(4), .seconds(4)])
        #expect(clock.now == .seconds(4))
    }

    @Test func cancelledActionsDoNotRun() {
        let clock = ManualTimerClock()
        var log: [String] = []
        let a = clock.schedule(after: .seconds(1)) { log.append("a") }
        let b = clock.schedule(after: .seconds(2)) { log.append("b") }
        _ = clock.schedule(after: .seconds(3)) { log.append("c") }
        b.cancel()
        #expect(clock.pendingCount == 2)

        clock.advance(by: .seconds(5))
        #expect(log == ["a", "c"])

        // Cancelling after running, or twice, does nothing.
        a.cancel()
        b.cancel()
        #expect(clock.pendingCount == 0)
        clock.advance(by: .seconds(5))
        #expect(log == ["a", "c"])
    }

    @Test func anActionCanCancelALaterOneDueInTheSameWindow() {
        let clock = ManualTimerClock()
        var log: [String] = []
        let later = clock.schedule(after: .seconds(2)) { log.append("later") }
        _ = clock.schedule(after: .seconds(1)) {
            log.append("canceller")
            later.cancel()
        }
        clock.advance(by: .seconds(3))
        #expect(log == ["canceller"])
        #expect(clock.pendingCount == 0)
    }

    @Test func pendingCountTracksScheduledActions() {
        let clock = ManualTimerClock()
        let first = clock.schedule(after: .seconds(1)) {}
        _ = clock.schedule(after: .seconds(2)) {}
        _ = clock.schedule(after: .seconds(3)) {}
        #expect(clock.pendingCount == 3)
        first.cancel()
        #expect(clock.pendingCount == 2)
        clock.advance(by: .seconds(2))
        #expect(clock.pendingCount == 1)
        clock.advance(by: .seconds(1))
        #expect(clock.pendingCount == 0)
    }

    @Test func advanceFromInsideAnActionNeverMovesTimeBackwards() {
        let clock = ManualTimerClock()
        var log: [String] = []
        _ = clock.schedule(after: .seconds(1)) {
            log.append("outer")
            clock.advance(by: .seconds(10))
        }
        _ = clock.schedule(after: .seconds(2)) { log.append("two") }
        _ = clock.schedule(after: .seconds(8)) { log.append("eight") }

        clock.advance(by: .seconds(3))
        #expect(log == ["outer", "two", "eight"])
        #expect(clock.now == .seconds(11))

        var later: [Duration] = []
        _ = clock.schedule(after: .seconds(1)) { later.append(clock.now) }
        clock.advance(by: .seconds(1))
        #expect(later == [.seconds(12)])
    }

    @Test func advancingByANegativeDurationFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                ManualTimerClock().advance(by: .seconds(-1))
            }
        }.expectPreconditionMessage("ManualTimerClock: cannot advance by a negative duration")
    }
}

@MainActor
@Suite struct OneShotTimerTests {
    @Test func firesOnceExactlyAtTheDelay() {
        let clock = ManualTimerClock()
        let timer = OneShotTimer(clock: clock)
        var firedAt: [Duration] = []
        #expect(!timer.isRunning)

        timer.start(after: .seconds(5)) { firedAt.append(clock.now) }
        #expect(timer.isRunning)

        clock.advance(by: .milliseconds(4999))
        #expect(firedAt.isEmpty)
        #expect(timer.isRunning)

        clock.advance(by: .milliseconds(1))
        #expect(firedAt == [.seconds(5)])
        #expect(!timer.isRunning)

        clock.advance(by: .seconds(60))
        #expect(firedAt == [.seconds(5)])
        #expect(clock.pendingCount == 0)
    }

    @Test func stopPreventsFiring() {
        let clock = ManualTimerClock()
        let timer = OneShotTimer(clock: clock)
        var fired = 0
        timer.start(after: .seconds(1)) { fired += 1 }
        clock.advance(by: .milliseconds(500))
        timer.stop()
        #expect(!timer.isRunning)
        #expect(clock.pendingCount == 0)

        clock.advance(by: .seconds(5))
        #expect(fired == 0)

        // Stopping a stopped timer is harmless.
        timer.stop()
        #expect(!timer.isRunning)
    }

    @Test func restartingReplacesTheActionAndTheDelay() {
        let clock = ManualTimerClock()
        let timer = OneShotTimer(clock: clock)
        var log: [String] = []
        timer.start(after: .seconds(5)) { log.append("first") }
        clock.advance(by: .seconds(3))

        timer.start(after: .seconds(5)) { log.append("second") }
        #expect(timer.isRunning)
        #expect(clock.pendingCount == 1)

        // The first start would have fired at 5 s.
        clock.advance(by: .seconds(4))
        #expect(log.isEmpty)

        clock.advance(by: .seconds(1))
        #expect(log == ["second"])
        #expect(clock.now == .seconds(8))
        #expect(!timer.isRunning)
    }

    @Test func restartingWithAShorterDelayFiresEarlierAndOnlyOnce() {
        let clock = ManualTimerClock()
        let timer = OneShotTimer(clock: clock)
        var log: [String] = []
        timer.start(after: .seconds(10)) { log.append("long") }
        timer.start(after: .seconds(1)) { log.append("short") }
        clock.advance(by: .seconds(20))
        #expect(log == ["short"])
    }

    @Test func fireNowRunsThePendingActionAndStops() {
        let clock = ManualTimerClock()
        let timer = OneShotTimer(clock: clock)
        var fired = 0
        timer.start(after: .seconds(5)) { fired += 1 }

        timer.fireNow()
        #expect(fired == 1)
        #expect(!timer.isRunning)
        #expect(clock.now == .zero)
        #expect(clock.pendingCount == 0)

        clock.advance(by: .seconds(10))
        #expect(fired == 1)
    }

    @Test func fireNowOnAStoppedTimerDoesNothing() {
        let clock = ManualTimerClock()
        let timer = OneShotTimer(clock: clock)
        var fired = 0
        timer.fireNow()
        timer.start(after: .seconds(1)) { fired += 1 }
        timer.stop()
        timer.fireNow()
        #expect(fired == 0)

        timer.start(after: .seconds(1)) { fired += 1 }
        clock.advance(by: .seconds(1))
        timer.fireNow()
        #expect(fired == 1)
    }

    @Test func isRunningIsFalseInsideTheActionAndTheActionCanRestartTheTimer() {
        let clock = ManualTimerClock()
        let timer = OneShotTimer(clock: clock)
        var firedAt: [Duration] = []
        var runningInsideAction: [Bool] = []
        func tick() {
            runningInsideAction.append(timer.isRunning)
            firedAt.append(clock.now)
            if firedAt.count < 3 {
                timer.start(after: .seconds(2)) { tick() }
            }
        }
        timer.start(after: .seconds(2)) { tick() }

        clock.advance(by: .seconds(10))
        #expect(firedAt == [.seconds(2), .seconds(4), .seconds(6)])
        #expect(runningInsideAction == [false, false, false])
        #expect(!timer.isRunning)
        #expect(clock.pendingCount == 0)
    }

    @Test func timersOnOneClockFireInDueOrder() {
        let clock = ManualTimerClock()
        let slow = OneShotTimer(clock: clock)
        let fast = OneShotTimer(clock: clock)
        var log: [String] = []
        slow.start(after: .seconds(2)) { log.append("slow") }
        fast.start(after: .seconds(1)) { log.append("fast") }
        clock.advance(by: .seconds(2))
        #expect(log == ["fast", "slow"])
    }

    @Test func aReleasedTimerDoesNotFire() {
        let clock = ManualTimerClock()
        var timer: OneShotTimer? = OneShotTimer(clock: clock)
        var fired = 0
        timer!.start(after: .seconds(1)) { fired += 1 }
        timer = nil
        clock.advance(by: .seconds(2))
        #expect(fired == 0)
    }
}
