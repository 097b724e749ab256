import BenchmarkSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A browser started by the benchmark: its command line, when it was spawned, its output
/// (to a log file), and how it is ended with every process it started.
@MainActor
final class BrowserProcess {
    /// When the benchmark spawned it (``ProcessClock/monotonicNanoseconds()`` just before
    /// `posix_spawn`).
    let spawnedAt: UInt64
    /// The same moment on the wall clock (for file times), in nanoseconds since 1970.
    let spawnedAtWallClock: UInt64
    private let process: Process

    /// Starts `arguments[0]` (looked up in `PATH`, through `/usr/bin/env`) with
    /// `arguments[1...]` in this process's environment, its standard output and error appended
    /// to `log`.
    init(_ arguments: [String], log: URL) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if !FileManager.default.fileExists(atPath: log.path) {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        }
        let output = try FileHandle(forWritingTo: log)
        output.seekToEndOfFile()
        output.write(Data("$ \(arguments.joined(separator: " "))\n".utf8))
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        var wall = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        spawnedAtWallClock = UInt64(wall.tv_sec) * 1_000_000_000 + UInt64(wall.tv_nsec)
        spawnedAt = ProcessClock.monotonicNanoseconds()
        try process.run()
        try? output.close()
    }

    /// The process id.
    var pid: Int32 { process.processIdentifier }

    /// Whether it is still running.
    var isRunning: Bool { process.isRunning }

    /// The memory of its process tree now.
    func memory() -> ProcessTreeMemory { ProcessTreeMemory(root: pid) }

    /// Waits up to `timeout` for it to exit; whether it did.
    @discardableResult
    func waitForExit(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now >= deadline { return false }
            usleep(20_000)
        }
        return true
    }

    /// Ends it and every process it started: SIGTERM to it (a browser's own clean quit),
    /// then, after `grace` or once it has gone, SIGKILL to whatever of its tree is left, and
    /// waits until they are all gone.
    func terminate(grace: Duration = .seconds(10)) {
        var tree = Set(ProcessTreeMemory.tree(of: pid))
        if process.isRunning {
            kill(pid, SIGTERM)
            let deadline = ContinuousClock.now + grace
            while process.isRunning && ContinuousClock.now < deadline {
                tree.formUnion(ProcessTreeMemory.tree(of: pid))
                usleep(50_000)
            }
        }
        tree.formUnion(ProcessTreeMemory.tree(of: pid))
        for other in tree where Self.isAlive(other) { kill(other, SIGKILL) }
        process.waitUntilExit()
        let deadline = ContinuousClock.now + .seconds(10)
        while tree.contains(where: Self.isAlive) && ContinuousClock.now < deadline { usleep(50_000) }
    }

    /// Whether `pid` runs (exists and is not a zombie).
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let nameEnd = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(after: nameEnd)...].split(separator: " ").first
        return state != "Z" && state != "X"
    }
}
