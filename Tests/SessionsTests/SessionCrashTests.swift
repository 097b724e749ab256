import Foundation
import Testing

/// Runs the SIGKILL crash test (`swiftlet-session-crasher`, built with the tests) for a few
/// rounds: a child keeps mutating and saving a session and is killed at random moments;
/// after every kill the session must load with every change whose save completed. The long
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

    @Test(.timeLimit(.minutes(2))) func sessionSurvivesRandomSIGKILLs() throws {
        let path = try #require(Self.crasherPath(), "swiftlet-session-crasher was not built with the tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["torture", "--kills", "25", "--seed", String(UInt32.random(in: 1...UInt32.max))]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "crash test failed:\n\(output)")
        #expect(output.contains("25 passed, 0 failed"), "\(output)")
    }
}
