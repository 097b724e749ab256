import Foundation
import LocalHTTPServer
import XCTest

/// Links clicked with the middle button or a modifier, with the real pointer and keyboard
/// (xdotool): they open in another tab or window and the page clicked stays.
final class LinkTests: BrowserTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        // The link fills the top of the page, so a click well inside the window lands on it.
        server.route(
            "/links",
            .html(
                #"<title>Links</title><a href="/b" style="display:block;width:100%;height:400px">b</a>"#))
        server.route("/b", .html("<title>Page B</title><p>b</p>"))
    }

    /// Starts the browser on /links and clicks its link with `button` holding `modifiers`.
    private func clickLink(button: Int, holding modifiers: [String]) throws -> BrowserProcess {
        let browser = try launch([url("/links")])
        browser.waitForEvent("loaded") { $0 == self.url("/links") }
        let pid = browser.process.processIdentifier
        Keyboard.focusWindow(of: pid)
        Pointer.click(x: 200, y: 300, button: button, holding: modifiers, inWindowOf: pid)
        return browser
    }

    func testAMiddleClickedLinkOpensInABackgroundTabAndThePageStays() throws {
        let browser = try clickLink(button: 2, holding: [])
        browser.waitForEvent("tabs") { $0 == "2 0 \(self.url("/links"))|\(self.url("/b"))" }
        XCTAssertEqual(server.requestCount("/links"), 1, "the page clicked did not load again")
    }

    func testACtrlClickedLinkOpensInABackgroundTab() throws {
        let browser = try clickLink(button: 1, holding: ["ctrl"])
        browser.waitForEvent("tabs") { $0 == "2 0 \(self.url("/links"))|\(self.url("/b"))" }
    }

    func testACtrlShiftClickedLinkOpensInAForegroundTab() throws {
        let browser = try clickLink(button: 1, holding: ["ctrl", "shift"])
        browser.waitForEvent("tabs") { $0 == "2 1 \(self.url("/links"))|\(self.url("/b"))" }
    }

    func testAShiftClickedLinkOpensInANewWindow() throws {
        let browser = try clickLink(button: 1, holding: ["shift"])
        browser.waitForEvent("tabs") { $0 == "1 0 \(self.url("/b"))" }
        browser.waitForEvent("window-shown")
        XCTAssertEqual(server.requestCount("/links"), 1, "the page clicked did not load again")
    }

    func testTheLinkUnderThePointerShowsItsURLOverThePage() throws {
        let browser = try launch([url("/links")])
        browser.waitForEvent("loaded") { $0 == self.url("/links") }
        let pid = browser.process.processIdentifier
        let app = try XCTUnwrap(accessibleApplication(browser))
        let link = url("/b")
        Pointer.move(x: 200, y: 300, inWindowOf: pid)
        XCTAssertNotNil(
            waitForNode(in: app) { $0.role == "label" && $0.name == link }, "the link's URL shows")
        // Below the link: the label goes.
        Pointer.move(x: 200, y: 700, inWindowOf: pid)
        XCTAssertTrue(eventually { app.first { $0.role == "label" && $0.name == link } == nil })
    }
}
