import Foundation
import LocalHTTPServer
import XCTest

/// The window's keys for the page (Esc, Ctrl+U) and the names a screen reader gives to the
/// buttons GTK and libadwaita make, driven through xdotool and AT-SPI.
final class KeyboardShortcutTests: BrowserTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        server.route("/a", .html("<title>Page A</title><p id=\"a\">a &amp; b</p>"))
        // Answers only when the server stops, long after any wait of these tests.
        server.route("/slow", .html("<title>Slow</title><p>slow</p>", delay: .seconds(120)))
    }

    func testEscapeStopsALoadingPage() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+l")
        Keyboard.type(url("/slow"))
        Keyboard.press("Return")
        browser.waitForEvent("location") { $0 == self.url("/slow") }
        Keyboard.press("Escape")
        // The load ends now, not when the server answers.
        browser.waitForEvent("loaded", timeout: .seconds(20))
    }

    func testCtrlUOpensThePageSourceInATabAfterThePage() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+u")
        browser.waitForEvent("tabs") {
            $0.hasPrefix("2 1 \(self.url("/a"))|data:text/html;charset=utf-8;base64,")
        }
        let app = try XCTUnwrap(accessibleApplication(browser))
        let title = "Source of \(url("/a"))"
        XCTAssertNotNil(waitForNode(in: app) { $0.name == title }, "a tab titled \(title)")
    }

    func testTheTabsCloseButtonsAndTheFindBarsAreNamed() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        let app = try XCTUnwrap(accessibleApplication(browser))
        XCTAssertNotNil(waitForNode(in: app) { $0.role == "push button" && $0.name == "Close Tab" })
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+f")
        browser.waitForEvent("find-bar") { $0 == "shown" }
        XCTAssertNotNil(waitForNode(in: app) { $0.role == "push button" && $0.name == "Close Find Bar" })
    }

    /// WebKit docks its inspector inside the page's view: a second web view there, no new
    /// window. Ctrl+Shift+I opens it too, not GTK's widget inspector (a window of its own).
    func testF12AndCtrlShiftIOpenTheWebInspectorDockedInTheWindow() throws {
        for keys in ["F12", "ctrl+shift+i"] {
            let browser = try launch([url("/a")])
            browser.waitForEvent("loaded") { $0 == self.url("/a") }
            let app = try XCTUnwrap(accessibleApplication(browser))
            func webViews() -> Int { app.all { $0.name == "WebKitWebViewBase" }.count }
            let before = webViews()
            Keyboard.focusWindow(of: browser.process.processIdentifier)
            Keyboard.press(keys)
            XCTAssertTrue(eventually { webViews() == before + 1 }, "\(keys): the inspector's view")
            XCTAssertEqual(app.children.count, 1, "\(keys): one window")
            browser.terminate()
        }
    }

    func testCtrlQuestionMarkShowsTheKeyboardShortcuts() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+question")
        XCTAssertTrue(eventually { app.children.count == 2 }, "a second window")
        XCTAssertNotNil(waitForNode(in: app) { $0.name == "View Page Source" }, "the shortcuts listed")
    }

    func testTheMainMenuShowsShortcutsAsPeopleWriteThem() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("F10")
        XCTAssertNotNil(waitForNode(in: app) { $0.name == "Ctrl++" }, "Zoom In's shortcut")
        XCTAssertNil(app.first { $0.name.contains("KP") })
    }
}
