import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The real `swiftlet` browser, started by an end-to-end test on the display and D-Bus
/// session the test runs in (scripts/run-tests starts both), with an application id, a user
/// data directory and an event log of its own. The test waits on the events the browser
/// logs (`SWIFTLET_EVENT_LOG`), never on time.
final class BrowserProcess: @unchecked Sendable {
    /// An event the browser logged: `EVENT <ms> <name> <detail>`.
    struct Event: Equatable {
        var name: String
        var detail: String
    }

    let process = Process()
    let applicationID: String
    let userDataDirectory: URL
    let eventLogPath: String
    private var consumed = 0

    /// Starts `swiftlet arguments…`; `applicationID` and `userDataDirectory` are shared with a
    /// second instance that should find this one; `environment` adds to (or replaces) the
    /// test's environment.
    init(
        _ arguments: [String],
        applicationID: String = "org.swiftlet.Test\(UInt32.random(in: 1...UInt32.max))",
        userDataDirectory: URL? = nil, eventLogPath: String? = nil, environment extra: [String: String] = [:]
    ) throws {
        self.applicationID = applicationID
        let directory =
            userDataDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                "swiftlet-e2e-\(UUID().uuidString)")
        self.userDataDirectory = directory
        self.eventLogPath = eventLogPath ?? directory.path + ".events"
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        process.executableURL = URL(
            fileURLWithPath: try XCTUnwrap(Self.executable(), "swiftlet was not built"))
        process.arguments = ["--user-data-dir", directory.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFTLET_APP_ID"] = applicationID
        environment["SWIFTLET_EVENT_LOG"] = self.eventLogPath
        environment["GTK_A11Y"] = "atspi"
        environment.removeValue(forKey: "NO_AT_BRIDGE")
        environment.merge(extra) { $1 }
        process.environment = environment
        try process.run()
    }

    /// The built executable beside the test bundle.
    static func executable(_ name: String = "swiftlet") -> String? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Every event logged so far.
    var events: [Event] {
        guard let text = try? String(contentsOfFile: eventLogPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count >= 3, parts[0] == "EVENT" else { return nil }
            return Event(name: String(parts[2]), detail: parts.count > 3 ? String(parts[3]) : "")
        }
    }

    /// Waits (polling the log every 20 ms, up to `timeout`) for the first event after the ones
    /// already consumed that `matches`; consumes up to it.
    @discardableResult
    func waitForEvent(
        _ description: String, timeout: Duration = .seconds(20), file: StaticString = #filePath,
        line: UInt = #line,
        where matches: (Event) -> Bool
    ) -> Event? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let all = events
            if let index = all[consumed...].firstIndex(where: matches) {
                consumed = index + 1
                return all[index]
            }
            if !process.isRunning {
                XCTFail(
                    "swiftlet exited (\(process.terminationStatus)) before \(description)", file: file,
                    line: line)
                return nil
            }
            usleep(20_000)
        }
        XCTFail(
            "timed out waiting for \(description); events: \(events.map { "\($0.name) \($0.detail)" })",
            file: file, line: line)
        return nil
    }

    /// Waits for the event `name` whose detail satisfies `detail`.
    @discardableResult
    func waitForEvent(
        _ name: String, detail: @escaping (String) -> Bool = { _ in true }, timeout: Duration = .seconds(20),
        file: StaticString = #filePath, line: UInt = #line
    ) -> Event? {
        waitForEvent(name, timeout: timeout, file: file, line: line) { $0.name == name && detail($0.detail) }
    }

    /// Waits for the process to end by itself; false on timeout.
    func waitForExit(timeout: Duration = .seconds(20)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning && ContinuousClock.now < deadline { usleep(20_000) }
        return !process.isRunning
    }

    /// Ends the browser (SIGTERM, then SIGKILL) and removes its files.
    func terminate() {
        if process.isRunning {
            process.terminate()
            if !waitForExit(timeout: .seconds(5)) { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: userDataDirectory)
        try? FileManager.default.removeItem(atPath: eventLogPath)
    }
}
