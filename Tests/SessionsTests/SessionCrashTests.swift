import Foundation
import Testing

/// Runs the SIGKILL crash test (`swiftlet-session-crasher`, built with the tests) for a few
/// rounds: a child keeps mutating and saving a session and is killed at random moments;
/// after every kill the session must load with every change whose save completed, and the
/// History file the child also writes must be sound and hold every flushed visit. The long
/// run (≥ 1,000 kills) is `scripts/crash-test`.
struct SessionCrashTests {
    static func crasherPath() -> String? {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("swiftlet-session-crasher").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs the crash test; its report.
    static func torture(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let path = try #require(Self.crasherPath(), "swiftlet-session-crasher was not built with the tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["torture", "--seed", String(UInt32.random(in: 1...UInt32.max))] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test(.timeLimit(.minutes(2))) func sessionSurvivesRandomSIGKILLs() throws {
        let (status, output) = try Self.torture(["--kills", "25"])
        #expect(status == 0, "crash test failed:\n\(output)")
        #expect(output.contains("25 passed, 0 failed"), "\(output)")
    }

    /// Kills that come later, so that even a debug build's child gets through steps and
    /// flushes of its history: after each, the History file passes `PRAGMA integrity_check`
    /// and holds every visit of a step up to the last flush reported.
    @Test(.timeLimit(.minutes(2))) func historySurvivesRandomSIGKILLs() throws {
        let (status, output) = try Self.torture(["--kills", "8", "--longest-ms", "600"])
        #expect(status == 0, "crash test failed:\n\(output)")
        #expect(output.contains("8 passed, 0 failed"), "\(output)")
        let flushed = output.firstRange(of: "history flushed to step ").map {
            Int(output[$0.upperBound...].prefix { $0.isNumber }) ?? -1
        }
        #expect((flushed ?? -1) >= 3, "the child never flushed its history: \(output)")
    }
}
