public import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The log handler of every Swiftlet process (swift-log's `LogHandler`): one line per
/// message, `swiftlet: <level>: <message>`, written to stderr with one `write(2)` so lines
/// from different threads never interleave.
///
/// Libraries log through `Logger`s (each has its label, `swiftlet.<library>`); executables
/// call ``bootstrap()`` once at start. Tests capture what a piece of code logs with
/// `LogCapture` (`@_spi(Testing)`), which routes the lines of the current task to it.
public struct SwiftletLogHandler: LogHandler {
    /// The label of the logger this handler serves.
    public let label: String
    /// The lowest level written.
    public var logLevel: Logger.Level = .info
    /// Metadata added to every message (not printed: the line format has no place for it).
    public var metadata: Logger.Metadata = [:]
    /// Provides metadata per message (not printed).
    public var metadataProvider: Logger.MetadataProvider?

    /// Creates a handler for the logger labelled `label`.
    public init(label: String) { self.label = label }

    /// Makes every `Logger` of this process use ``SwiftletLogHandler`` (once; later calls do
    /// nothing).
    public static func bootstrap() { _ = bootstrapOnce }

    private static let bootstrapOnce: Void = LoggingSystem.bootstrap(SwiftletLogHandler.init(label:))

    /// The line written for `message` at `level`: `swiftlet: <level>: <message>`.
    public static func format(_ level: Logger.Level, _ message: String) -> String {
        "swiftlet: \(level.rawValue): \(message)"
    }

    /// Writes the event's line, or hands it to the current task's capture.
    public func log(event: LogEvent) {
        let line = Self.format(event.level, event.message.description)
        if let collector = Self.collector {
            collector.lines.withLock { $0.append(line) }
        } else {
            Self.writeToStandardError(line)
        }
    }

    /// The metadata value for `key`.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    // MARK: Capture (LogCapture)

    /// Collects the lines of the task that set it.
    final class Collector: Sendable {
        let lines = Mutex<[String]>([])
    }

    /// The collector of the current task, if it is capturing.
    @TaskLocal static var collector: Collector?

    private static func writeToStandardError(_ line: String) {
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
