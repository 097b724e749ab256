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
    /// directory `directory` (a new one when nil; a relaunch passes the last one's).
    func launch(_ arguments: [String], in directory: URL? = nil) throws -> BrowserProcess {
        let directory =
            directory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                "swiftlet-e2e-\(UUID().uuidString)")
        directories.append(directory)
        let browser = try BrowserProcess(
            arguments, userDataDirectory: directory,
            eventLogPath: directory.path + ".events-\(browsers.count)")
        browsers.append(browser)
        return browser
    }

    /// The browser as AT-SPI sees it (waits for it to appear on the bus).
    func accessibleApplication(_ browser: BrowserProcess) -> AccessibleNode? {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if let app = AccessibleNode.application(processID: browser.process.processIdentifier) {
                return app
            }
            usleep(50_000)
        }
        XCTFail("swiftlet never appeared on the accessibility bus")
        return nil
    }
}
