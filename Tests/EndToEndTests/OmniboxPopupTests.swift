import Foundation
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
}
