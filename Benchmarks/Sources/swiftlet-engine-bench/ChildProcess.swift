import BenchmarkSupport
import Foundation

/// A run of this benchmark's own binary in a sub-mode, as a new process: each first load
/// and each memory scenario gets a process of its own, so that nothing one leaves behind
/// (web processes, caches, heap) counts in another.
struct ChildProcess {
    /// The exit status (or the signal, negated, that ended it).
    let status: Int32
    /// When the parent started it (``ProcessClock/monotonicNanoseconds()`` just before the spawn).
    let spawnedAt: UInt64
    /// The figures it reported (``ChildReport``).
    let figures: [String: [String]]
    /// The other lines of its standard output.
    let lines: [String]

    /// Whether it exited with status 0.
    var succeeded: Bool { status == 0 }

    /// The first value of `key` as an integer.
    func integer(_ key: String) -> UInt64? { figures[key]?.first.flatMap { UInt64($0) } }

    /// Runs this binary with `arguments` and waits for it; its standard error goes to ours.
    static func run(_ arguments: [String]) throws -> ChildProcess {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        fflush(nil)  // what we printed so far comes before what the child writes to standard error
        let spawnedAt = ProcessClock.monotonicNanoseconds()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status =
            process.terminationReason == .uncaughtSignal
            ? -process.terminationStatus : process.terminationStatus
        let (figures, lines) = ChildReport.parse(String(decoding: data, as: UTF8.self))
        return ChildProcess(status: status, spawnedAt: spawnedAt, figures: figures, lines: lines)
    }
}
