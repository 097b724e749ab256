import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny logging facility: `Log.error("...")` writes `swiftlet: error: ...` to stderr.
///
/// The output goes to a replaceable sink (``setSink(_:)``), so that the application can
/// send it elsewhere; tests capture what a piece of code logs with
/// ``withCapturedMessages(_:)``. Every entry point is thread-safe.
public enum Log {
    /// How serious a message is.
    public enum Level: String, Sendable, CaseIterable {
        /// Something failed and the user may notice (lost settings, an unreadable file).
        case error
        /// Something unexpected that was handled.
        case warning
        /// Information about normal operation.
        case info
    }

    /// Receives every formatted line (without a trailing newline) that is not captured.
    public typealias Sink = @Sendable (_ level: Level, _ line: String) -> Void

    private static let sink = Mutex<Sink?>(nil)

    /// The collector of ``withCapturedMessages(_:)``, if the current task is capturing.
    @TaskLocal private static var collector: Collector?

    private final class Collector: Sendable {
        let lines = Mutex<[String]>([])
    }

    /// Logs `message` at level ``Level/error``.
    public static func error(_ message: String) { log(.error, message) }

    /// Logs `message` at level ``Level/warning``.
    public static func warning(_ message: String) { log(.warning, message) }

    /// Logs `message` at level ``Level/info``.
    public static func info(_ message: String) { log(.info, message) }

    /// Logs `message` at `level`: the line goes to the current task's capture if there is
    /// one, else to the sink (stderr unless replaced).
    public static func log(_ level: Level, _ message: String) {
        let line = format(level, message)
        if let collector {
            collector.lines.withLock { $0.append(line) }
            return
        }
        if let sink = sink.withLock({ $0 }) {
            sink(level, line)
        } else {
            writeToStandardError(line)
        }
    }

    /// The line logged for `message` at `level`: `swiftlet: <level>: <message>`.
    public static func format(_ level: Level, _ message: String) -> String {
        "swiftlet: \(level.rawValue): \(message)"
    }

    /// Replaces the sink that receives lines not captured by a task; `nil` restores the
    /// default (stderr). Returns the previous sink.
    @discardableResult
    public static func setSink(_ newSink: Sink?) -> Sink? {
        sink.withLock { current in
            let previous = current
            current = newSink
            return previous
        }
    }

    /// Runs `body` and returns the lines it logged, instead of writing them out.
    ///
    /// Capture follows the current task (and the tasks it creates), so tests that run in
    /// parallel do not see each other's messages. Messages logged from other threads, such
    /// as a dispatch queue, are not captured.
    public static func withCapturedMessages(_ body: () throws -> Void) rethrows -> [String] {
        let collector = Collector()
        try $collector.withValue(collector) { try body() }
        return collector.lines.withLock { $0 }
    }

    /// Runs `body` and returns the lines it logged, instead of writing them out.
    ///
    /// See ``withCapturedMessages(_:)``.
    public static func withCapturedMessages(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
    ) async rethrows -> [String] {
        let collector = Collector()
        try await $collector.withValue(collector, operation: body, isolation: isolation)
        return collector.lines.withLock { $0 }
    }

    private static func writeToStandardError(_ line: String) {
        // One write(2) per line, so that lines from different threads do not interleave.
        var bytes = Array((line + "\n").utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}

/// `write(2)`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, buffer, count)
    #else
    Darwin.write(fd, buffer, count)
    #endif
}
