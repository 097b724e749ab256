import Foundation
import GRDB
import XCTest

/// The location bar's dropdown in the real window: rows as the user types, chosen with the
/// keys.
final class OmniboxPopupTests: BrowserTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        server.route("/alpha", .html("<title>Alpha page</title><p>alpha</p>"))
        server.route("/b", .html("<title>Page B</title><p>b</p>"))
    }

    func testTypingAnOpenTabsTitleOffersToSwitchToItAndDownEnterSwitches() throws {
        let browser = try launch([url("/alpha"), url("/b")])
        browser.waitForEvent("loaded") { $0 == self.url("/b") }
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+l")
        Keyboard.type("alph")
        let row = waitForNode(in: app) {
            $0.name.hasPrefix("Alpha page") && $0.name.hasSuffix("Switch to Tab")
        }
        XCTAssertNotNil(row, "a Switch to Tab row for the first tab")
        XCTAssertNotNil(app.first { $0.name == "alph, Search" }, "the search for what was typed, first")
        // The first row (the search) is the default: Down chooses the tab's row.
        Keyboard.press("Down")
        Keyboard.press("Return")
        browser.waitForEvent("tabs") { $0.hasPrefix("2 0 ") }
        XCTAssertTrue(
            eventually { app.first { $0.name.hasSuffix("Switch to Tab") } == nil }, "the dropdown closed")
    }

    /// The test-only event log measures each character typed, as `make bench-peers` reads it:
    /// the main thread's CPU time to the rows pushed, the wall times to the rows and to the next
    /// frame painted, from the key event's own time to that frame, and the CPU time to the rows
    /// handed to the view.
    func testEachCharacterTypedIsTimedToTheNextFramePainted() throws {
        let browser = try launch([url("/alpha"), url("/b")])
        browser.waitForEvent("loaded") { $0 == self.url("/b") }
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+l")
        Keyboard.type("alph")
        var keystrokes: [[Double]] = []
        for _ in 0..<4 {
            let event = try XCTUnwrap(browser.waitForEvent("omnibox-keystroke"))
            keystrokes.append(event.detail.split(separator: " ").compactMap { Double($0) })
        }
        for figures in keystrokes {
            XCTAssertEqual(figures.count, 5, "\(keystrokes)")
            guard figures.count == 5 else { continue }
            let (cpu, toRows, toPaint, fromEvent) = (figures[0], figures[1], figures[2], figures[3])
            XCTAssertTrue(figures[4] >= 0 && figures[4] <= cpu && toRows >= 0, "\(figures)")
            XCTAssertLessThanOrEqual(toRows, toPaint, "the frame comes after the rows")
            XCTAssertLessThanOrEqual(toPaint, fromEvent, "the key event comes before its handler")
            XCTAssertLessThan(fromEvent, 5_000, "the X server's time is the monotonic clock's")
        }
        Keyboard.press("Shift_L")
        Keyboard.press("Escape")
        Keyboard.press("Escape")
        Keyboard.type("x")
        browser.waitForEvent("omnibox-keystroke")
        XCTAssertEqual(
            browser.events.filter { $0.name == "omnibox-keystroke" }.count, 5, "a modifier is no keystroke")
    }

    func testEscapeClosesTheDropdownAndKeepsTheTextThenPutsTheURLBack() throws {
        let browser = try launch([url("/alpha"), url("/b")])
        browser.waitForEvent("loaded") { $0 == self.url("/b") }
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+l")
        Keyboard.type("alph")
        XCTAssertNotNil(waitForNode(in: app) { $0.name == "alph, Search" })
        let address = try XCTUnwrap(app.first(role: "text", name: "Address"))
        Keyboard.press("Escape")
        XCTAssertTrue(eventually { app.first { $0.name == "alph, Search" } == nil }, "closed")
        XCTAssertEqual(address.text, "alph")
        Keyboard.press("Escape")
        XCTAssertTrue(eventually { address.text == self.url("/b") }, "the entry says \(address.text)")
    }

    func testWhatWasTypedComesBackWithItsTab() throws {
        let browser = try launch([url("/alpha"), url("/b")])
        browser.waitForEvent("loaded") { $0 == self.url("/b") }
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+l")
        Keyboard.type("half typed")
        let address = try XCTUnwrap(app.first(role: "text", name: "Address"))
        XCTAssertTrue(eventually { address.text == "half typed" }, "the entry says \(address.text)")
        Keyboard.press("ctrl+1")
        browser.waitForEvent("tabs") { $0.hasPrefix("2 0 ") }
        XCTAssertTrue(eventually { address.text == self.url("/alpha") }, "the entry says \(address.text)")
        Keyboard.press("ctrl+2")
        browser.waitForEvent("tabs") { $0.hasPrefix("2 1 ") }
        XCTAssertTrue(eventually { address.text == "half typed" }, "the entry says \(address.text)")
    }

    /// GNOME Web's bug #2709, in the window: the rest of a page's address from history is
    /// filled in after every character typed, not every second one, and not after Backspace.
    func testEveryCharacterTypedIsCompletedFromHistory() throws {
        let first = try launch([url("/b")])
        first.waitForEvent("loaded") { $0 == self.url("/b") }
        Keyboard.focusWindow(of: first.process.processIdentifier)
        Keyboard.press("ctrl+q")
        XCTAssertTrue(first.waitForExit(), "Ctrl+Q quits")
        try addHistoryRow(
            in: first.userDataDirectory, url: "https://example.test/alpha", title: "Alpha page", visits: 5,
            typed: 2)
        // The relaunch restores the window (its tab of /b).
        let browser = try launch([], in: first.userDataDirectory)
        browser.waitForEvent("first-page-loaded")
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+l")
        let address = try XCTUnwrap(app.first(role: "text", name: "Address"))
        for (count, character) in "example.te".enumerated() {
            Keyboard.type(String(character))
            XCTAssertTrue(
                eventually { address.text == "example.test/alpha" },
                "after \(count + 1) characters the entry says \(address.text)")
        }
        // Backspace takes the completion away, and none comes back.
        Keyboard.press("BackSpace")
        XCTAssertTrue(eventually { address.text == "example.te" }, "the entry says \(address.text)")
        Keyboard.press("BackSpace")
        XCTAssertTrue(eventually { address.text == "example.t" }, "the entry says \(address.text)")
    }

    /// Enter right after the last key opens what the user saw: the page filled in from history,
    /// not the text typed so far.
    func testEnterRightAfterTypingOpensTheCompletedPage() throws {
        let first = try launch([url("/b")])
        first.waitForEvent("loaded") { $0 == self.url("/b") }
        Keyboard.focusWindow(of: first.process.processIdentifier)
        Keyboard.press("ctrl+q")
        XCTAssertTrue(first.waitForExit(), "Ctrl+Q quits")
        try addHistoryRow(
            in: first.userDataDirectory, url: url("/alpha"), title: "Alpha page", visits: 5, typed: 2)
        // The relaunch restores the window (its tab of /b).
        let browser = try launch([], in: first.userDataDirectory)
        browser.waitForEvent("first-page-loaded")
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        let typed = String(url("/al").dropFirst("http://".count))
        Keyboard.press("ctrl+l", thenType: typed)
        Keyboard.press("Return")
        browser.waitForEvent("loaded") { $0 == self.url("/alpha") }
        XCTAssertEqual(server.requestCount("/al"), 0, "what was typed so far is not loaded")
    }

    func testShiftDeleteRemovesAPageFromHistory() throws {
        let first = try launch([url("/b")])
        first.waitForEvent("loaded") { $0 == self.url("/b") }
        Keyboard.focusWindow(of: first.process.processIdentifier)
        Keyboard.press("ctrl+q")
        XCTAssertTrue(first.waitForExit(), "Ctrl+Q quits")
        try addHistoryRow(
            in: first.userDataDirectory, url: "https://example.test/zebra", title: "Zebra crossing",
            visits: 5,
            typed: 0)
        // The relaunch restores the window (its tab of /b).
        let browser = try launch([], in: first.userDataDirectory)
        browser.waitForEvent("first-page-loaded")
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+l", thenType: "crossing")
        let row = { app.first { $0.name.hasPrefix("Zebra crossing") } }
        XCTAssertNotNil(waitForNode(in: app) { $0.name.hasPrefix("Zebra crossing") }, "the page is a row")
        // The search is the first row; Down chooses the page.
        Keyboard.press("Down")
        Keyboard.press("shift+Delete")
        XCTAssertTrue(eventually { row() == nil }, "the row went")
        Keyboard.press("Escape")
        Keyboard.press("Escape")
        Keyboard.press("ctrl+q")
        XCTAssertTrue(browser.waitForExit(), "Ctrl+Q quits")
        let database = try DatabaseQueue(
            path: first.userDataDirectory.appendingPathComponent("Default/History").path)
        let count = try database.read {
            try Int.fetchOne(
                $0, sql: "SELECT COUNT(*) FROM urls WHERE url = ?", arguments: ["https://example.test/zebra"])
        }
        try database.close()
        XCTAssertEqual(count, 0, "gone from the History file")
    }

    /// Adds a page to the history of the profile of `directory` (its `History` file, made by a
    /// launch that has quit).
    private func addHistoryRow(in directory: URL, url: String, title: String, visits: Int, typed: Int) throws
    {
        let database = try DatabaseQueue(path: directory.appendingPathComponent("Default/History").path)
        // Microseconds since 1601-01-01, the file's (Chromium's) time.
        let now = Int64((Date().timeIntervalSince1970 + 11_644_473_600) * 1_000_000)
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO urls (url, title, visit_count, typed_count, last_visit_time, hidden)
                    VALUES (?, ?, ?, ?, ?, 0)
                    """,
                arguments: [url, title, visits, typed, now])
        }
        try database.close()
    }
}
