import Foundation
import LocalHTTPServer
import XCTest

/// What every end-to-end test needs: pages served from 127.0.0.1, real `swiftlet` processes
/// (each ended and its files removed after the test) and the browser as AT-SPI sees it.
// Test methods run on the main thread; XCTest on Linux does not let them be @MainActor, and
// nothing here needs the main actor (the browser is another process).
class BrowserTestCase: XCTestCase, @unchecked Sendable {
    nonisolated(unsafe) var server: LocalHTTPServer!
    nonisolated(unsafe) var browsers: [BrowserProcess] = []
    nonisolated(unsafe) private var directories: [URL] = []

    override func setUpWithError() throws {
        server = try LocalHTTPServer()
        XCTAssertTrue(AccessibleNode.initialize)
    }

    override func tearDownWithError() throws {
        for browser in browsers { browser.terminate() }
        browsers = []
        for directory in directories { try? FileManager.default.removeItem(at: directory) }
        directories = []
        server.stop()
    }

    /// The address of `path` on the test server.
    func url(_ path: String) -> String { server.url(path).absoluteString }

    /// Starts `swiftlet arguments…` with an application id of its own, on the user data
    /// directory `directory` (a new one when nil; a relaunch passes the last one's), with
    /// `environment` added to the test's.
    func launch(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> BrowserProcess {
        let directory =
            directory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                "swiftlet-e2e-\(UUID().uuidString)")
        directories.append(directory)
        let browser = try BrowserProcess(
            arguments, userDataDirectory: directory,
            eventLogPath: directory.path + ".events-\(browsers.count)", environment: environment)
        browsers.append(browser)
        return browser
    }

    /// Runs a second `swiftlet arguments…` that finds `browser` over D-Bus, hands it its
    /// command line and exits; fails the test unless it exits at once with status 0.
    func runSecondInstance(
        _ arguments: [String], of browser: BrowserProcess, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let second = try BrowserProcess(
            arguments, applicationID: browser.applicationID, userDataDirectory: browser.userDataDirectory,
            eventLogPath: browser.eventLogPath + ".second")
        defer { try? FileManager.default.removeItem(atPath: second.eventLogPath) }
        XCTAssertTrue(
            second.waitForExit(), "the second instance hands its command line over and exits", file: file,
            line: line)
        XCTAssertEqual(second.process.terminationStatus, 0, file: file, line: line)
    }

    /// Types the address of `path` into the focused window's location entry (Ctrl+L) and
    /// waits for the page to load.
    func typeAddress(
        _ path: String, in browser: BrowserProcess, file: StaticString = #filePath, line: UInt = #line
    ) {
        Keyboard.press("ctrl+l")
        Keyboard.type(url(path))
        Keyboard.press("Return")
        browser.waitForEvent("loaded", detail: { $0 == self.url(path) }, file: file, line: line)
    }

    /// The first non-nil result of `probe`, polled every 50 ms for up to `timeout` (the
    /// browser is another process: a menu opening, a file reaching the disk); nil on timeout.
    func poll<T>(timeout: Duration = .seconds(20), _ probe: () -> T?) -> T? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let value = probe() { return value }
            guard ContinuousClock.now < deadline else { return nil }
            usleep(50_000)
        }
    }

    /// Whether `condition` came to hold within `timeout` (polled like ``poll(timeout:_:)``).
    func eventually(timeout: Duration = .seconds(20), _ condition: () -> Bool) -> Bool {
        poll(timeout: timeout) { condition() ? true : nil } ?? false
    }

    /// The first node of `app` that `matches`, waiting up to 10 s for it to appear (a menu
    /// opening, say).
    func waitForNode(in app: AccessibleNode, _ matches: (AccessibleNode) -> Bool) -> AccessibleNode? {
        poll(timeout: .seconds(10)) { app.first(where: matches) }
    }

    /// The browser as AT-SPI sees it (waits for it to appear on the bus).
    func accessibleApplication(_ browser: BrowserProcess) -> AccessibleNode? {
        let app = poll { AccessibleNode.application(processID: browser.process.processIdentifier) }
        if app == nil { XCTFail("swiftlet never appeared on the accessibility bus") }
        return app
    }
}
