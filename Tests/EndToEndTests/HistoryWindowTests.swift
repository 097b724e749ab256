import Foundation
import GRDB
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

    /// A profile whose history holds one typed visit to `url` titled `title`, ten minutes ago:
    /// the browser makes the History file (Ctrl+H), quits, and the visit is written into it.
    func profileWithVisit(to url: String, title: String) throws -> URL {
        let first = try launch(["about:blank"])
        first.waitForEvent("window-shown")
        Keyboard.focusWindow(of: first.process.processIdentifier)
        Keyboard.press("ctrl+h")
        first.waitForEvent("history-shown")
        Keyboard.xdotool(["search", "--onlyvisible", "--name", "Swiftlet$", "windowfocus", "--sync"])
        Keyboard.press("ctrl+q")
        XCTAssertTrue(first.waitForExit(), "Ctrl+Q quits")
        let database = try DatabaseQueue(
            path: first.userDataDirectory.appendingPathComponent("Default/History").path)
        // Microseconds since 1601, Chromium's; typed (1) and the end of its redirect chain.
        let time = Int64((Date().timeIntervalSince1970 - 600 + 11_644_473_600) * 1_000_000)
        try database.write { db in
            try db.execute(
                sql:
                    "INSERT INTO urls(url, title, visit_count, typed_count, last_visit_time) VALUES (?, ?, 1, 1, ?)",
                arguments: [url, title, time])
            try db.execute(
                sql: "INSERT INTO visits(url, visit_time, from_visit, transition) VALUES (?, ?, 0, ?)",
                arguments: [db.lastInsertedRowID, time, 0x3000_0001])
        }
        try database.close()
        return first.userDataDirectory
    }

    func testCtrlHListsTheVisitsAndADoubleClickOpensOne() throws {
        let directory = try profileWithVisit(to: url("/a"), title: "Page A")
        let browser = try launch(["about:blank"], in: directory)
        browser.waitForEvent("window-shown")
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+h")
        browser.waitForEvent("history-shown")
        let row = try XCTUnwrap(waitForNode(in: app) { $0.name == "Page A" }, "the visit's row")
        XCTAssertNotNil(app.first { $0.name == "Today" }, "its day")
        let center = try XCTUnwrap(poll { row.centerInWindow }, "the row's place in the window")
        inHistoryWindow([
            "mousemove", "--window", "%1", String(center.x), String(center.y), "click", "--repeat", "2", "1",
        ])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
    }

    func testClearBrowsingDataEmptiesTheHistoryWindow() throws {
        let directory = try profileWithVisit(to: url("/a"), title: "Page A")
        let browser = try launch(["about:blank"], in: directory)
        browser.waitForEvent("window-shown")
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+h")
        browser.waitForEvent("history-shown")
        XCTAssertNotNil(waitForNode(in: app) { $0.name == "Page A" }, "the visit's row")
        Keyboard.xdotool(["search", "--onlyvisible", "--name", "Swiftlet$", "windowfocus", "--sync"])
        Keyboard.press("ctrl+shift+Delete")
        browser.waitForEvent("clear-browsing-data-shown")
        // Clear is the dialog's default: the last hour's history, cookies and cache.
        Keyboard.xdotool(
            [
                "search", "--onlyvisible", "--name", "^Clear Browsing Data$", "windowfocus", "--sync", "key",
                "Return",
            ])
        XCTAssertNotNil(waitForNode(in: app) { $0.name == "No History" }, "the History window is empty")
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
