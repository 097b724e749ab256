@_spi(Testing) import Base
import Foundation
import Logging
import Testing

/// Libraries log through swift-log's `Logger`; these check Swiftlet's handler and the capture
/// tests use.
struct LogTests {
    func logger() -> Logger { Logger(label: "swiftlet.tests") }

    @Test func formatsLevelAndMessage() {
        #expect(SwiftletLogHandler.format(.error, "disk full") == "swiftlet: error: disk full")
        #expect(SwiftletLogHandler.format(.warning, "odd") == "swiftlet: warning: odd")
        #expect(SwiftletLogHandler.format(.info, "started") == "swiftlet: info: started")
    }

    @Test func capturesEveryLevelInOrder() {
        let lines = LogCapture.withCapturedMessages {
            logger().error("one")
            logger().warning("two")
            logger().info("three")
            logger().log(level: .critical, "four")
        }
        #expect(
            lines == [
                "swiftlet: error: one", "swiftlet: warning: two", "swiftlet: info: three",
                "swiftlet: critical: four",
            ])
    }

    @Test func levelsBelowInfoAreNotWritten() {
        let lines = LogCapture.withCapturedMessages {
            logger().debug("hidden")
            logger().trace("hidden")
        }
        #expect(lines.isEmpty)
    }

    @Test func capturesNothingWhenNothingIsLogged() {
        #expect(LogCapture.withCapturedMessages {}.isEmpty)
    }

    @Test func nestedCaptureTakesTheInnerMessagesOnly() {
        var inner: [String] = []
        let outer = LogCapture.withCapturedMessages {
            logger().info("outer before")
            inner = LogCapture.withCapturedMessages { logger().info("inner") }
            logger().info("outer after")
        }
        #expect(inner == ["swiftlet: info: inner"])
        #expect(outer == ["swiftlet: info: outer before", "swiftlet: info: outer after"])
    }

    @Test func captureRethrowsAndKeepsNoState() throws {
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            _ = try LogCapture.withCapturedMessages {
                logger().error("before the throw")
                throw Failure()
            }
        }
        #expect(LogCapture.withCapturedMessages { logger().info("after") } == ["swiftlet: info: after"])
    }

    @Test func asyncCaptureIncludesChildTasks() async {
        let lines = await LogCapture.withCapturedMessages {
            logger().info("parent")
            await Task { logger().info("child") }.value
        }
        #expect(lines == ["swiftlet: info: parent", "swiftlet: info: child"])
    }

    @Test func concurrentCapturesDoNotSeeEachOther() async {
        let results = await withTaskGroup(of: (Int, [String]).self) { group in
            for index in 0..<8 {
                group.addTask {
                    let lines = await LogCapture.withCapturedMessages {
                        for step in 0..<50 {
                            logger().info("task \(index) step \(step)")
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

    @Test func uncapturedLinesGoToStandardErrorOneLineEach() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            SwiftletLogHandler.bootstrap()
            DispatchQueue.concurrentPerform(iterations: 200) { index in
                Logger(label: "swiftlet.tests").info("line \(index)")
            }
            Logger(label: "swiftlet.tests").error("written to stderr")
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.hasSuffix("swiftlet: error: written to stderr\n"))
        let lines = output.split(separator: "\n").filter { $0.hasPrefix("swiftlet: info: line ") }
        #expect(Set(lines).count == 200)
    }
}
