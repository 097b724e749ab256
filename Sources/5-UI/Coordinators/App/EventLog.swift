import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A test-only log of what the application does, for end-to-end tests that wait on events
/// instead of sleeping: when `SWIFTLET_EVENT_LOG` names a file, each event is appended to it
/// as `EVENT <monotonic ms> <name> <detail>` (the clock is CLOCK_MONOTONIC, so a test can
/// compare it with its own). Without the variable nothing is written.
@MainActor
enum EventLog {
    private static let handle: FileHandle? = {
        guard let path = ProcessInfo.processInfo.environment["SWIFTLET_EVENT_LOG"], !path.isEmpty else {
            return nil
        }
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(
                atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        let handle = FileHandle(forWritingAtPath: path)
        _ = try? handle?.seekToEnd()
        return handle
    }()

    /// Whether events are being recorded.
    static var isEnabled: Bool { handle != nil }

    /// Records `name` with `detail`.
    static func record(_ name: String, _ detail: String = "") {
        guard let handle else { return }
        let line = "EVENT \(String(format: "%.3f", milliseconds(CLOCK_MONOTONIC))) \(name) \(detail)\n"
        handle.write(Data(line.utf8))
    }

    /// The time of `clock` (CLOCK_MONOTONIC, a thread's CPU time …) in milliseconds.
    nonisolated static func milliseconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }
}
