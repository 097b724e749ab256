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

    /// The window's frame as AT-SPI sees it, named by the window's title.
    func windowTitle(of app: AccessibleNode) -> String? { app.children.first?.name }

    func testAPagesConfirmAndPromptAreAnsweredWithTheKeyboard() throws {
        // Two buttons filling the page ask; the answer becomes the page's title, which the
        // window's title follows.
        server.route(
            "/ask",
            .html(
                "<title>Ask</title><button style=\"display:block;width:100%;height:300px\" "
                    + "onclick=\"document.title = confirm('Continue?') ? 'Yes' : 'No'\">ask</button>"
                    + "<button style=\"display:block;width:100%;height:300px\" "
                    + "onclick=\"document.title = prompt('Your name?') || 'none'\">name</button>"))
        let browser = try launch([url("/ask")])
        browser.waitForEvent("loaded") { $0 == self.url("/ask") }
        let app = try XCTUnwrap(accessibleApplication(browser))
        XCTAssertTrue(eventually { windowTitle(of: app) == "Ask — Swiftlet" }, "the window's title")
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        let answers:
            [(y: Int, question: String, focused: String, typed: String?, key: String, title: String)] = [
                (250, "Continue?", "OK", nil, "Return", "Yes — Swiftlet"),
                (250, "Continue?", "OK", nil, "Escape", "No — Swiftlet"),
                (550, "Your name?", "", "Ada", "Return", "Ada — Swiftlet"),
            ]
        for answer in answers {
            Pointer.click(x: 400, y: answer.y, inWindowOf: browser.process.processIdentifier)
            // WebKit's dialog, drawn in the page's view, once it has the focus: its OK button
            // (a text button is named after its label property and its label), or a prompt's
            // entry.
            let dialog = waitForNode(in: app) { $0.name == "WebKitScriptDialogImpl" }
            XCTAssertNotNil(
                dialog.flatMap { $0.first(role: "label", name: answer.question) }, answer.question)
            let focused = dialog.flatMap { dialog in
                poll(timeout: .seconds(10)) {
                    dialog.first {
                        $0.isFocused
                            && (answer.focused.isEmpty
                                ? $0.role == "text" : $0.name.hasSuffix(answer.focused))
                    }
                }
            }
            XCTAssertNotNil(focused, "the dialog has the focus")
            if let typed = answer.typed { Keyboard.type(typed) }
            Keyboard.press(answer.key)
            XCTAssertTrue(
                eventually { windowTitle(of: app) == answer.title },
                "\(answer.key): \(windowTitle(of: app) ?? "no window")")
        }
    }

    func testABlockedPopUpIsOfferedAndOpensAsATabAfterItsOpener() throws {
        server.route("/opens", .html("<title>Opens</title><script>window.open('/b')</script><p>opens</p>"))
        let browser = try launch([url("/opens")])
        browser.waitForEvent("loaded") { $0 == self.url("/opens") }
        let app = try XCTUnwrap(accessibleApplication(browser))
        let message = waitForNode(in: app) { $0.role == "label" && $0.name == "Pop-up blocked" }
        XCTAssertNotNil(message, "the info bar says so")
        XCTAssertNotNil(app.first(role: "label", name: url("/b")), "and names the address")
        XCTAssertEqual(server.requestCount("/b"), 0)
        let open = try XCTUnwrap(app.first(role: "push button", name: "Open"))
        XCTAssertTrue(open.click())
        browser.waitForEvent("tabs") { $0 == "2 1 \(self.url("/opens"))|\(self.url("/b"))" }
        browser.waitForEvent("loaded") { $0 == self.url("/b") }
        // Loaded once, by Open: the blocked request itself asked for nothing.
        XCTAssertEqual(server.requestCount("/b"), 1)
        XCTAssertTrue(
            eventually { app.first(role: "label", name: "Pop-up blocked") == nil }, "the bar is gone")
    }
}
