/// What code logs, captured instead of written out: for tests that check a message.
///
/// Capture follows the current task (and the tasks it creates), so tests running in parallel
/// do not see each other's lines. Lines logged from other threads, such as a dispatch queue,
/// are not captured. It installs ``SwiftletLogHandler`` for the process first.
@_spi(Testing)
public enum LogCapture {
    /// Runs `body` and returns the lines it logged.
    public static func withCapturedMessages(_ body: () throws -> Void) rethrows -> [String] {
        SwiftletLogHandler.bootstrap()
        let collector = SwiftletLogHandler.Collector()
        try SwiftletLogHandler.$collector.withValue(collector) { try body() }
        return collector.lines.withLock { $0 }
    }

    /// Runs `body` and returns the lines it logged.
    public static func withCapturedMessages(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
    ) async rethrows -> [String] {
        SwiftletLogHandler.bootstrap()
        let collector = SwiftletLogHandler.Collector()
        try await SwiftletLogHandler.$collector.withValue(collector, operation: body, isolation: isolation)
        return collector.lines.withLock { $0 }
    }
}
