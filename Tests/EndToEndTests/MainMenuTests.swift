import Foundation
import LocalHTTPServer
import XCTest

/// The main menu as a person opens it (F10).
final class MainMenuTests: BrowserTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        server.route("/a", .html("<title>Page A</title><p>a</p>"))
    }

    /// Opens the main menu, waits for a node named `name` in it, and closes it again.
    func menuShows(_ name: String, in app: AccessibleNode) -> Bool {
        Keyboard.press("F10")
        defer { Keyboard.press("Escape") }
        return waitForNode(in: app) { $0.role == "push button" && $0.name == name } != nil
    }

    func testTheMainMenuShowsTheActiveTabsZoomLevel() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        XCTAssertTrue(menuShows("100%", in: app))
        Keyboard.press("ctrl+plus")
        XCTAssertTrue(menuShows("110%", in: app), "after Ctrl++")
        Keyboard.press("ctrl+plus")
        Keyboard.press("ctrl+minus")
        XCTAssertTrue(menuShows("110%", in: app), "after Ctrl++ and Ctrl+-")
        // Zoom is per tab: a new tab is at 100%, and the first one keeps its level.
        Keyboard.press("ctrl+t")
        browser.waitForEvent("tabs") { $0.hasPrefix("2 1 ") }
        XCTAssertTrue(menuShows("100%", in: app), "a new tab")
        Keyboard.press("ctrl+1")
        browser.waitForEvent("tabs") { $0.hasPrefix("2 0 ") }
        XCTAssertTrue(menuShows("110%", in: app), "back on the first tab")
        Keyboard.press("ctrl+0")
        XCTAssertTrue(menuShows("100%", in: app), "after Ctrl+0")
    }
}
