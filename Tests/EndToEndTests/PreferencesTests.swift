import Foundation
import LocalHTTPServer
import XCTest

/// The preferences window as a person uses it: Ctrl+, opens it over the window, a change made
/// there is what the window does next.
final class PreferencesTests: BrowserTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        server.route("/a", .html("<title>Page A</title><p>a</p>"))
    }

    /// Runs xdotool's `commands` on the preferences window (the first visible window of that
    /// name: there is no window manager to focus it).
    @discardableResult
    func inPreferencesWindow(_ commands: [String]) -> Bool {
        Keyboard.xdotool(
            ["search", "--onlyvisible", "--name", "^Preferences$", "windowfocus", "--sync"] + commands)
    }

    func testTheSearchEngineChosenInPreferencesIsTheOneTheNextSearchUses() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        let app = try XCTUnwrap(accessibleApplication(browser))
        let pid = browser.process.processIdentifier
        Keyboard.focusWindow(of: pid)
        Keyboard.press("ctrl+comma")
        browser.waitForEvent("preferences-shown")
        let row = try XCTUnwrap(waitForNode(in: app) { $0.name == "Search Engine" }, "the search engine row")
        let center = try XCTUnwrap(poll { row.centerInWindow }, "the row's place in the window")
        // The list of engines opens with the chosen one (DuckDuckGo) focused: two down is Bing.
        inPreferencesWindow(["mousemove", "--window", "%1", String(center.x), String(center.y), "click", "1"])
        XCTAssertNotNil(waitForNode(in: app) { $0.name == "Ecosia" }, "the list of engines")
        Keyboard.press("Down")
        Keyboard.press("Down")
        Keyboard.press("Return")
        // Escape closes the window (the list closed on Return).
        inPreferencesWindow(["key", "Escape"])
        browser.waitForEvent("preferences-closed")

        Keyboard.focusWindow(of: pid)
        Keyboard.press("ctrl+l")
        Keyboard.type("red fox")
        Keyboard.press("Return")
        browser.waitForEvent("location") { $0 == "https://www.bing.com/search?q=red+fox" }
    }

    func testASecondCtrlCommaBringsBackTheSameWindow() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+comma")
        browser.waitForEvent("preferences-shown")
        browser.waitForEvent("preferences-presented")
        // Back in the browser window (its title ends with the browser's name), Ctrl+, again.
        Keyboard.xdotool(["search", "--onlyvisible", "--name", "Swiftlet$", "windowfocus", "--sync"])
        Keyboard.press("ctrl+comma")
        browser.waitForEvent("preferences-presented")
        XCTAssertEqual(browser.events.filter { $0.name == "preferences-shown" }.count, 1, "one window")
    }
}
