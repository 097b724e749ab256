import Base
import Foundation
import Synchronization
import Testing

// The sink is process-wide and tests run in parallel: the tests that replace it are
// serialized and only look at lines carrying their own marker.
@Suite(.serialized) struct LogTests {
    @Test func formatsLevelAndMessage() {
        #expect(Log.format(.error, "disk full") == "swiftlet: error: disk full")
        #expect(Log.format(.warning, "odd") == "swiftlet: warning: odd")
        #expect(Log.format(.info, "started") == "swiftlet: info: started")
    }

    @Test func capturesEveryLevelInOrder() {
        let lines = Log.withCapturedMessages {
            Log.error("one")
            Log.warning("two")
            Log.info("three")
            Log.log(.error, "four")
        }
        #expect(
            lines == [
                "swiftlet: error: one", "swiftlet: warning: two", "swiftlet: info: three",
                "swiftlet: error: four",
            ])
    }

    @Test func capturesNothingWhenNothingIsLogged() {
        #expect(Log.withCapturedMessages {}.isEmpty)
    }

    @Test func nestedCaptureTakesTheInnerMessagesOnly() {
        var inner: [String] = []
        let outer = Log.withCapturedMessages {
            Log.info("outer before")
            inner = Log.withCapturedMessages { Log.info("inner") }
            Log.info("outer after")
        }
        #expect(inner == ["swiftlet: info: inner"])
        #expect(outer == ["swiftlet: info: outer before", "swiftlet: info: outer after"])
    }

    @Test func captureRethrowsAndKeepsNoState() throws {
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            _ = try Log.withCapturedMessages {
                Log.error("before the throw")
                throw Failure()
            }
        }
        #expect(Log.withCapturedMessages { Log.info("after") } == ["swiftlet: info: after"])
    }

    @Test func asyncCaptureIncludesChildTasks() async {
        let lines = await Log.withCapturedMessages {
            Log.info("parent")
            await Task { Log.info("child") }.value
        }
        #expect(lines == ["swiftlet: info: parent", "swiftlet: info: child"])
    }

    @Test func concurrentCapturesDoNotSeeEachOther() async {
        let results = await withTaskGroup(of: (Int, [String]).self) { group in
            for index in 0..<8 {
                group.addTask {
                    let lines = await Log.withCapturedMessages {
                        for step in 0..<50 {
                            Log.info("task \(index) step \(step)")
                            await Task.yield()
                        }
                    }
                    return (index, lines)
                }
            }
            var results: [Int: [String]] = [:]
            for await (index, lines) in group { results[index] = lines }
            return results
        }
        for index in 0..<8 {
            #expect(results[index] == (0..<50).map { "swiftlet: info: task \(index) step \($0)" })
        }
    }

    @Test func sinkReceivesUncapturedLinesAndCanBeRestored() {
        let marker = UUID().uuidString
        let received = Mutex<[String]>([])
        let previous = Log.setSink { level, line in
            guard line.contains(marker) else { return }
            received.withLock { $0.append("\(level.rawValue)|\(line)") }
        }
        Log.warning("uncaptured \(marker)")
        let captured = Log.withCapturedMessages { Log.error("captured \(marker)") }
        let mine = Log.setSink(previous)

        #expect(mine != nil)
        #expect(captured == ["swiftlet: error: captured \(marker)"])
        #expect(received.withLock { $0 } == ["warning|swiftlet: warning: uncaptured \(marker)"])
    }

    @Test func sinkIsThreadSafe() {
        let marker = UUID().uuidString
        let count = Mutex(0)
        let previous = Log.setSink { _, line in
            if line.contains(marker) { count.withLock { $0 += 1 } }
        }
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            Log.info("\(marker) \(index)")
        }
        Log.setSink(previous)
        #expect(count.withLock { $0 } == 400)
    }

    @Test func defaultSinkWritesOneLineToStandardError() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            Log.setSink(nil)
            Log.error("written to stderr")
            Log.info("second line")
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("swiftlet: error: written to stderr\nswiftlet: info: second line\n"))
    }
}
