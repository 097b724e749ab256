import Foundation
import XCTest

/// The location bar's default match loaded before Enter, in the real window: a page visited
/// earlier, typed in part, is shown on Enter without another request, and Back works.
final class OmniboxPrerenderTests: BrowserTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        server.route("/alpha", .html("<title>Alpha page</title><p>alpha</p>"))
        server.route("/b", .html("<title>Page B</title><p>b</p>"))
    }

    func testTypingPartOfAVisitedAddressAndEnterShowsThePrerenderedPage() throws {
        let browser = try launch([url("/b")])
        browser.waitForEvent("loaded") { $0 == self.url("/b") }
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        // A first visit, typed: the page is in the history from now on.
        Keyboard.press("ctrl+l", thenType: url("/alpha"))
        Keyboard.press("Return")
        browser.waitForEvent("loaded") { $0 == self.url("/alpha") }
        Keyboard.press("alt+Left")
        browser.waitForEvent("loaded") { $0 == self.url("/b") }
        let requests = server.requestCount("/alpha")

        let typed = String(url("/al").dropFirst("http://".count))
        Keyboard.press("ctrl+l", thenType: typed)
        let address = try XCTUnwrap(app.first(role: "text", name: "Address"))
        XCTAssertTrue(
            eventually { address.text == String(self.url("/alpha").dropFirst("http://".count)) },
            "the entry says \(address.text)")
        browser.waitForEvent("prerender-started") { $0 == self.url("/alpha") }
        Keyboard.press("Return")
        browser.waitForEvent("prerender-shown") { $0.hasPrefix(self.url("/alpha") + " ") }
        XCTAssertTrue(eventually { address.text == self.url("/alpha") }, "the entry says \(address.text)")
        XCTAssertEqual(server.requestCount("/alpha"), requests + 1, "loaded once: by the prerender")
        XCTAssertNotNil(waitForNode(in: app) { $0.name == "Alpha page" }, "the tab shows the page")

        Keyboard.press("alt+Left")
        XCTAssertTrue(eventually { address.text == self.url("/b") }, "Back: the entry says \(address.text)")
    }
}
