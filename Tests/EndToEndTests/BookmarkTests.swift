import Foundation
import XCTest

/// Bookmarks in the real window: Ctrl+D, the star, the Bookmarks menu and the location bar's
/// bookmark rows.
final class BookmarkTests: BrowserTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        server.route("/alpha", .html("<title>Alpha page</title><p>alpha</p>"))
        server.route("/b", .html("<title>Page B</title><p>b</p>"))
    }

    func testCtrlDStarsThePageListsItInTheMenuAndItsTitleWordsSuggestIt() throws {
        let browser = try launch([url("/alpha")])
        browser.waitForEvent("loaded") { $0 == self.url("/alpha") }
        XCTAssertTrue(eventually { self.star(of: browser) == "unstarred" }, "the star shows, empty")
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        // Ctrl+D bookmarks the page and opens the editor with its name selected: what is typed
        // renames it, Enter closes the editor and keeps the name.
        Keyboard.press("ctrl+d")
        browser.waitForEvent("bookmark-editor") { $0 == "Alpha page" }
        XCTAssertEqual(star(of: browser), "starred")
        XCTAssertNotNil(waitForNode(in: app) { $0.name == "Bookmark Name" }, "the editor shows")
        Keyboard.type("Zebra crossing guide")
        Keyboard.press("Return")
        XCTAssertTrue(eventually { app.first { $0.name == "Bookmark Name" } == nil }, "the editor closed")

        let menuButton = try XCTUnwrap(
            waitForNode(in: app) { $0.name == "Bookmarks" && $0.role.contains("button") },
            "no Bookmarks button")
        if !menuButton.click() || waitForNode(in: app, { $0.name == "Zebra crossing guide" }) == nil {
            let center = try XCTUnwrap(menuButton.centerInWindow)
            Pointer.click(x: center.x, y: center.y, inWindowOf: browser.process.processIdentifier)
        }
        XCTAssertNotNil(
            waitForNode(in: app) { $0.name == "Zebra crossing guide" },
            "the bookmark is in the Bookmarks menu")
        XCTAssertNotNil(app.first { $0.name == "Other Bookmarks" })
        Keyboard.press("Escape")

        // On another page, a word of the bookmark's title (never part of the page's own title)
        // suggests it.
        typeAddress("/b", in: browser)
        XCTAssertTrue(eventually { self.star(of: browser) == "unstarred" }, "another page, no star")
        Keyboard.press("ctrl+l")
        Keyboard.type("zebra")
        let row = waitForNode(in: app) { $0.name.hasPrefix("Zebra crossing guide, ") }
        XCTAssertNotNil(row, "a row for the bookmark")
        Keyboard.press("Down")
        Keyboard.press("Return")
        browser.waitForEvent("loaded") { $0 == self.url("/alpha") }
        XCTAssertTrue(eventually { self.star(of: browser) == "starred" })
    }

    /// What the star shows now (the last `bookmark-star` event).
    func star(of browser: BrowserProcess) -> String? {
        browser.events.last { $0.name == "bookmark-star" }?.detail
    }
}
