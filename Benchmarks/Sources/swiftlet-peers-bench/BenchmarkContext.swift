import BenchmarkSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What every scenario and browser shares in one benchmark run: the page server, the X
/// server watcher, the working directory (profiles and logs), the decisions about sandboxes,
/// and the helpers that start a browser and wait for things.
@MainActor
final class BenchmarkContext {
    /// Why a step failed.
    struct Failure: Error, CustomStringConvertible {
        /// What failed.
        var description: String
    }

    /// The page server.
    let pages: PeerPages
    /// The X server watcher.
    let windows: WindowMapWatcher
    /// Where profiles and logs go.
    let workDirectory: URL
    /// Whether Chromium runs with `--no-sandbox`, and why.
    let chromiumNoSandbox: String?

    /// Makes the working directory's folders; decides the sandboxes.
    init(pages: PeerPages, windows: WindowMapWatcher, workDirectory: URL) throws {
        self.pages = pages
        self.windows = windows
        self.workDirectory = workDirectory
        for folder in ["logs", "profiles", "runs", "png"] {
            try FileManager.default.createDirectory(
                at: workDirectory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        chromiumNoSandbox = Self.chromiumSandboxProblem()
    }

    /// The log file of `browser`'s processes.
    func log(_ browser: any BenchmarkedBrowser) -> URL {
        workDirectory.appendingPathComponent("logs/\(browser.name.lowercased()).log")
    }

    /// A new, empty directory under the working directory's `folder`.
    func freshDirectory(_ folder: String, _ name: String) throws -> URL {
        let directory = workDirectory.appendingPathComponent("\(folder)/\(name)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A copy of `profile` named `name` in the working directory's `folder`.
    func copy(_ profile: URL, as name: String, in folder: String = "runs") throws -> URL {
        let copy = workDirectory.appendingPathComponent("\(folder)/\(name)")
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: profile, to: copy)
        return copy
    }

    /// Starts `browser` with `arguments`.
    func spawn(
        _ browser: any BenchmarkedBrowser, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> BrowserProcess {
        // BrowserProcess starts it through env(1), which takes NAME=VALUE before the program.
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return try BrowserProcess(assignments + [browser.program] + arguments, log: log(browser))
    }

    /// Starts `browser` with `arguments`, waits for its window (or its exit, with
    /// `windowless`), lets it run `settle` more, and ends it.
    func launchOnce(
        _ browser: any BenchmarkedBrowser, _ arguments: [String], settle: Duration = .seconds(3),
        windowless: Bool = false
    ) throws {
        let process = try spawn(browser, arguments)
        defer { process.terminate() }
        if windowless {
            guard process.waitForExit(timeout: .seconds(120)) else {
                throw Failure(description: "\(browser.name) did not exit within 120 s")
            }
            return
        }
        let mapped = wait(for: .seconds(60)) { [windows] in
            windows.firstMapping(since: process.spawnedAt) != nil || !process.isRunning
        }
        guard mapped, process.isRunning else {
            throw Failure(description: "\(browser.name) showed no window (see \(log(browser).path))")
        }
        sleep(for: settle)
    }

    /// Polls `condition` every 50 ms for up to `timeout`; whether it became true.
    func wait(for timeout: Duration, until condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            usleep(50_000)
        }
        return true
    }

    /// Sleeps for `duration`.
    func sleep(for duration: Duration) {
        let (seconds, attoseconds) = duration.components
        usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
    }

    /// Chromium refuses to run as root with its sandbox, and its sandbox needs unprivileged
    /// user namespaces (or the setuid helper): the reason to pass `--no-sandbox`, or nil.
    private static func chromiumSandboxProblem() -> String? {
        if geteuid() == 0 { return "running as root, where Chromium refuses its sandbox" }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["unshare", "--user", "true"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return "no unprivileged user namespaces (unshare missing)" }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? nil : "no unprivileged user namespaces here"
    }
}
