import Foundation
import LocalHTTPServer
import XCTest

/// The browser window driven as a person would, through AT-SPI and the keyboard, against
/// pages served from 127.0.0.1. Each test starts a real `swiftlet` with an application id
/// and a user data directory of its own, and waits on the events it logs.
final class WindowTests: BrowserTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        server.route("/a", .html("<title>Page A</title><p>a needle, a needle, a needle</p>"))
        server.route("/b", .html("<title>Page B</title><p>b</p>"))
        server.route("/c", .html("<title>Page C</title><p>c</p>"))
    }

    func testOpensTheURLGivenOnTheCommandLine() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        let app = try XCTUnwrap(accessibleApplication(browser))
        XCTAssertEqual(app.first(role: "text", name: "Address")?.text, url("/a"))
    }

    func testTypingAURLAndEnterLoadsIt() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        typeAddress("/b", in: browser)
    }

    func testBackAndForward() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        typeAddress("/b", in: browser)
        let app = try XCTUnwrap(accessibleApplication(browser))
        let back = try XCTUnwrap(app.first(role: "push button", name: "Back"))
        XCTAssertTrue(back.click())
        browser.waitForEvent("location") { $0 == self.url("/a") }
        let forward = try XCTUnwrap(app.first(role: "push button", name: "Forward"))
        XCTAssertTrue(forward.click())
        browser.waitForEvent("location") { $0 == self.url("/b") }
    }

    func testNewTabSwitchAndClose() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+t")
        browser.waitForEvent("tabs") { $0.hasPrefix("2 1 ") }
        Keyboard.press("ctrl+1")
        browser.waitForEvent("tabs") { $0.hasPrefix("2 0 ") }
        Keyboard.press("ctrl+w")
        browser.waitForEvent("tabs") { $0.hasPrefix("1 0 ") }
    }

    func testClickingATargetBlankLinkOpensASelectedTabAfterItsOpener() throws {
        // The link fills the top of the page, so a click well inside the window lands on it.
        server.route(
            "/links",
            .html(
                #"<title>Links</title><a id="l" target="_blank" href="/b" "#
                    + #"style="display:block;width:100%;height:400px">b</a>"#))
        let browser = try launch([url("/links")])
        browser.waitForEvent("loaded") { $0 == self.url("/links") }
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Pointer.click(x: 200, y: 300, inWindowOf: browser.process.processIdentifier)
        browser.waitForEvent("tabs") { $0 == "2 1 \(self.url("/links"))|\(self.url("/b"))" }
    }

    func testFindInPageShowsTheCount() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+f")
        browser.waitForEvent("find-bar") { $0 == "shown" }
        Keyboard.type("needle")
        browser.waitForEvent("find") { $0.hasSuffix(" 3") }
    }

    func testASecondSwiftletAddsATabToTheRunningWindow() throws {
        let first = try launch([url("/a")])
        first.waitForEvent("loaded") { $0 == self.url("/a") }
        try runSecondInstance([url("/b")], of: first)
        first.waitForEvent("tabs") { $0.hasPrefix("2 1 ") && $0.hasSuffix(self.url("/b")) }
    }

    func testClosingTheLastTabClosesTheWindow() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+w")
        XCTAssertTrue(browser.waitForExit(), "the browser quits with its last window")
    }
}
