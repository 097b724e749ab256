import Base
import Foundation
import SessionsTestSupport
import Testing
import WebTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The browser window told to stop (SIGTERM) while its launch is still restoring the windows
/// of the last run: it quits as it always does, saving everything and recording a clean exit,
/// rather than dying. The restore is held for seconds by strace, which delays the one system
/// call that opens the window's session list; the signal is sent once `Local State` says the
/// launch has begun.
@MainActor
struct LaunchSignalTests {
    /// How long strace holds the open of the session list.
    static let restoreDelay = 5

    @Test(
        .enabled(
            if: SessionSaveDurabilityTests.strace != nil,
            "strace is not installed (scripts/install-deps installs it)"),
        .timeLimit(.minutes(3)))
    func aSIGTERMWhileTheLaunchRestoresQuitsInOrder() throws {
        let directory = try SampleUserDataDirectory.make(engine: FakeWebEngine(), clock: ManualTimerClock())
        defer { try? FileManager.default.removeItem(at: directory) }
        let localState = directory.appendingPathComponent("Local State")
        let list = directory.appendingPathComponent("Default/SessionStorage/main/session_metadata.pb").path
        let swiftlet = try #require(SwiftletProcess.path(), "swiftlet was not built")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(SessionSaveDurabilityTests.strace))
        process.arguments = [
            "-f", "-qq", "--seccomp-bpf", "-o", "/dev/null", "-P", list, "-e", "trace=openat",
            "-e", "inject=openat:delay_enter=\(Self.restoreDelay)s",
            swiftlet, "--user-data-dir", directory.path, "--window-screenshot",
            directory.path + ".png",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        environment["SWIFTLET_APP_ID"] = "org.swiftlet.Test\(UInt32.random(in: 1...UInt32.max))"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        // `exited_cleanly` turns false when the launch begins, before the windows restore.
        let began = Self.poll(for: .seconds(60)) { Self.exitedCleanly(localState) == false }
        try #require(began, "the launch never began")
        let browser = try #require(Self.child(of: process.processIdentifier), "swiftlet is not running")
        kill(browser, SIGTERM)

        let ended = Self.poll(for: .seconds(60)) { !process.isRunning }
        try #require(ended, "the browser did not quit")
        #expect(
            process.terminationReason == .exit && process.terminationStatus == 0,
            "killed by the signal: \(process.terminationReason == .uncaughtSignal)")
        #expect(Self.exitedCleanly(localState) == true, "the quit sequence ran")
    }

    /// The value of `application.exited_cleanly` in the `Local State` at `url`.
    static func exitedCleanly(_ url: URL) -> Bool? {
        guard let data = try? Data(contentsOf: url),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let application = root["application"] as? [String: Any]
        else { return nil }
        return application["exited_cleanly"] as? Bool ?? true
    }

    /// The first child process of `pid`.
    static func child(of pid: pid_t) -> pid_t? {
        let children = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)
        return children?.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// Checks `condition` every 20 ms until it holds (true) or `timeout` has passed (false).
    static func poll(for timeout: Duration, _ condition: () -> Bool) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }
}
