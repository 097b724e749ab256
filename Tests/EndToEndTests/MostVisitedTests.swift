import Foundation
import LocalHTTPServer
import XCTest

/// A new tab shows the sites visited most, from the history; a tile opens its site, and its
/// remove button takes it off the page.
final class MostVisitedTests: BrowserTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        for name in ["a", "b"] {
            server.route("/\(name)", .html("<title>Page \(name.uppercased())</title><p>\(name)</p>"))
        }
    }

    func testANewTabShowsTheVisitedSitesAndATileOpensItsSite() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        let pid = browser.process.processIdentifier
        Keyboard.focusWindow(of: pid)
        typeAddress("/b", in: browser)
        let app = try XCTUnwrap(accessibleApplication(browser))

        Keyboard.press("ctrl+t")
        browser.waitForEvent("tabs") { $0.hasPrefix("2 1 ") }
        XCTAssertNotNil(
            waitForNode(in: app) { $0.role == "push button" && $0.name == "Page A" }, "no tile for /a")
        XCTAssertNotNil(app.first(role: "push button", name: "Page B"))
        let removeB = try XCTUnwrap(app.first(role: "push button", name: "Remove Page B"))
        XCTAssertTrue(removeB.click())
        XCTAssertTrue(eventually { app.first(role: "push button", name: "Page B") == nil }, "Page B stays")

        // The grid was made again: the tile is a new one.
        let tile = try XCTUnwrap(app.first(role: "push button", name: "Page A"))
        XCTAssertTrue(tile.click())
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        XCTAssertTrue(eventually { app.first(role: "push button", name: "Page A") == nil }, "the page stays")
    }
}
