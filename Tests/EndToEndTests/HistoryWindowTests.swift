import Foundation
import LocalHTTPServer
import XCTest

/// The History window as a person uses it: Ctrl+H lists the profile's visits.
final class HistoryWindowTests: BrowserTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        server.route("/a", .html("<title>Page A</title><p>a</p>"))
    }

    /// Runs xdotool's `commands` on the History window.
    @discardableResult
    func inHistoryWindow(_ commands: [String]) -> Bool {
        Keyboard.xdotool(
            ["search", "--onlyvisible", "--name", "^History$", "windowfocus", "--sync"] + commands)
    }

    /// A profile whose history holds one visit to `/a` ("Page A"): the browser loads it and
    /// quits, which commits the visit.
    func profileWithVisit() throws -> URL {
        let first = try launch([url("/a")])
        first.waitForEvent("loaded") { $0 == self.url("/a") }
        Keyboard.focusWindow(of: first.process.processIdentifier)
        Keyboard.press("ctrl+q")
        XCTAssertTrue(first.waitForExit(), "Ctrl+Q quits")
        return first.userDataDirectory
    }

    /// The History window's accessible node (the browser window's new tab page may show the
    /// same page among its Most Visited sites).
    func historyWindow(in app: AccessibleNode) -> AccessibleNode? {
        waitForNode(in: app) { $0.role == "frame" && $0.name == "History" }
    }

    func testCtrlHListsTheVisitsAndADoubleClickOpensOne() throws {
        let directory = try profileWithVisit()
        let browser = try launch(["about:blank"], in: directory)
        browser.waitForEvent("window-shown")
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+h")
        browser.waitForEvent("history-shown")
        let history = try XCTUnwrap(historyWindow(in: app), "the History window")
        let row = try XCTUnwrap(waitForNode(in: history) { $0.name == "Page A" }, "the visit's row")
        XCTAssertNotNil(history.first { $0.name == "Today" }, "its day")
        let center = try XCTUnwrap(poll { row.centerInWindow }, "the row's place in the window")
        inHistoryWindow([
            "mousemove", "--window", "%1", String(center.x), String(center.y), "click", "--repeat", "2", "1",
        ])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
    }

    func testClearBrowsingDataEmptiesTheHistoryWindow() throws {
        let directory = try profileWithVisit()
        let browser = try launch(["about:blank"], in: directory)
        browser.waitForEvent("window-shown")
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+h")
        browser.waitForEvent("history-shown")
        let history = try XCTUnwrap(historyWindow(in: app), "the History window")
        XCTAssertNotNil(waitForNode(in: history) { $0.name == "Page A" }, "the visit's row")
        Keyboard.xdotool(["search", "--onlyvisible", "--name", "Swiftlet$", "windowfocus", "--sync"])
        Keyboard.press("ctrl+shift+Delete")
        browser.waitForEvent("clear-browsing-data-shown")
        // Clear is the dialog's default: the last hour's history, cookies and cache.
        Keyboard.xdotool(
            [
                "search", "--onlyvisible", "--name", "^Clear Browsing Data$", "windowfocus", "--sync", "key",
                "Return",
            ])
        XCTAssertNotNil(waitForNode(in: history) { $0.name == "No History" }, "the History window is empty")
    }

    func testADamagedHistoryFileIsSetAsideAndTheWindowSaysSo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swiftlet-e2e-\(UUID().uuidString)")
        let profile = directory.appendingPathComponent("Default")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        try Data(repeating: 0x42, count: 8192).write(to: profile.appendingPathComponent("History"))
        let browser = try launch([url("/a")], in: directory)
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        let app = try XCTUnwrap(accessibleApplication(browser))
        XCTAssertNotNil(
            waitForNode(in: app) { $0.name == "Your history could not be read, and a new one was started" },
            "the info bar")
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: profile.appendingPathComponent("History.bad").path))
    }
}
