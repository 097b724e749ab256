import Base
import Dispatch
import Foundation
import Testing

/// Waits for the first value sent to `events`, or "timed out" after a generous bound so a
/// broken clock fails the test instead of hanging it.
private func firstEvent(
    of stream: AsyncStream<String>, _ events: AsyncStream<String>.Continuation
) async -> String {
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(30)) { events.yield("timed out") }
    var iterator = stream.makeAsyncIterator()
    let first = await iterator.next() ?? "finished"
    events.finish()
    return first
}

@MainActor
@Suite struct SystemTimerClockTests {
    @Test func scheduledActionRunsOnTheMainActorAfterTheDelay() async {
        let clock = SystemTimerClock()
        let (stream, events) = AsyncStream.makeStream(of: String.self)
        // Marks the main queue, so the action can tell where it runs. (Under a test
        // runner the main queue need not be drained by the main thread.)
        let mainQueueMark = DispatchSpecificKey<Int>()
        DispatchQueue.main.setSpecific(key: mainQueueMark, value: 1)
        defer { DispatchQueue.main.setSpecific(key: mainQueueMark, value: nil) }
        let scheduledAt = clock.now
        var elapsed: Duration = .zero
        let handle = clock.schedule(after: .milliseconds(10)) {
            elapsed = clock.now - scheduledAt
            let onMainQueue = DispatchQueue.getSpecific(key: mainQueueMark) == 1
            events.yield(onMainQueue ? "ran on main" : "ran off main")
        }

        let outcome = await firstEvent(of: stream, events)
        #expect(outcome == "ran on main")
        #expect(elapsed >= .milliseconds(10))
        handle.cancel()
    }

    @Test func cancelPreventsTheAction() async {
        let clock = SystemTimerClock()
        let (stream, events) = AsyncStream.makeStream(of: String.self)
        let cancelled = clock.schedule(after: .milliseconds(10)) { events.yield("cancelled action ran") }
        cancelled.cancel()
        // Due later than the cancelled one: had that one not been cancelled, it would
        // have sent its event first.
        _ = clock.schedule(after: .milliseconds(50)) { events.yield("sentinel ran") }

        let outcome = await firstEvent(of: stream, events)
        #expect(outcome == "sentinel ran")
    }

    @Test func hugeDelaysCanBeScheduledAndCancelled() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let clock = SystemTimerClock()
                clock.schedule(after: .seconds(Int64.max)) { exit(1) }.cancel()
                clock.schedule(after: .seconds(400 * 365 * 24 * 3600)) { exit(1) }.cancel()
            }
        }
    }

    @Test func nowIsMonotonic() {
        let clock = SystemTimerClock()
        let first = clock.now
        let second = clock.now
        #expect(first >= .zero)
        #expect(second >= first)
    }
}
