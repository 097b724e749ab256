import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `swiftlet` executable, with no display in its environment, and collects
/// what it prints.
enum SwiftletProcess {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
        /// Whether it was still running at the deadline (then it was killed).
        var timedOut = false
    }

    /// The built executable `name` beside the test bundle.
    static func path(of name: String = "swiftlet") -> String? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs `swiftlet arguments…` to its end, or until `timeout` has passed (then it is
    /// killed, with its process group); `environment` overrides variables. With `user`, runs
    /// it as that user (through setpriv; this process must be root).
    static func run(
        _ arguments: [String], environment overrides: [String: String] = [:], timeout: Duration? = nil,
        user: UInt32? = nil
    ) throws -> Result {
        let process = Process()
        let swiftlet = try #require(path(), "swiftlet was not built")
        if let user {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments =
                ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", swiftlet] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: swiftlet)
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        // The display's credentials go with it (the child starts a display of its own).
        environment.removeValue(forKey: "XAUTHORITY")
        environment.merge(overrides) { $1 }
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let timedOut = Mutex(false)
        if let timeout {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout.timeInterval) {
                guard process.isRunning else { return }
                timedOut.withLock { $0 = true }
                kill(pid, SIGKILL)
            }
        }
        // Both pipes are drained at once, so that neither fills up and blocks the child.
        let errorText = Mutex("")
        let readingErrors = DispatchGroup()
        DispatchQueue.global().async(group: readingErrors) {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorText.withLock { $0 = String(decoding: data, as: UTF8.self) }
        }
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        readingErrors.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: out, errors: errorText.withLock { $0 },
            timedOut: timedOut.withLock { $0 })
    }
}

extension Duration {
    /// The duration in seconds.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
