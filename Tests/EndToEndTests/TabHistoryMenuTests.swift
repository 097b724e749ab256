import Foundation
import LocalHTTPServer
import XCTest

/// Back and Forward list the tab's earlier and later pages on a right-click, as every
/// browser's do; choosing one goes there.
final class TabHistoryMenuTests: BrowserTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        for name in ["a", "b", "c"] {
            server.route("/\(name)", .html("<title>Page \(name.uppercased())</title><p>\(name)</p>"))
        }
    }

    /// Right-clicks the toolbar button `name` and returns the menu entry `entry` once it shows.
    private func openMenu(
        of name: String, in app: AccessibleNode, pid: Int32, expecting entry: String
    ) throws -> AccessibleNode {
        let button = try XCTUnwrap(waitForNode(in: app) { $0.role == "push button" && $0.name == name })
        let center = try XCTUnwrap(button.centerInWindow)
        Pointer.rightClick(x: center.x, y: center.y, inWindowOf: pid)
        return try XCTUnwrap(
            waitForNode(in: app) { $0.name == entry && $0.role != "page tab" }, "no \(entry)")
    }

    func testRightClickingBackAndForwardListsTheTabsPagesAndGoesToTheChosenOne() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        let pid = browser.process.processIdentifier
        Keyboard.focusWindow(of: pid)
        typeAddress("/b", in: browser)
        typeAddress("/c", in: browser)
        let app = try XCTUnwrap(accessibleApplication(browser))

        let pageA = try openMenu(of: "Back", in: app, pid: pid, expecting: "Page A")
        let role = pageA.role
        XCTAssertEqual(app.all { $0.role == role }.map(\.name).filter { !$0.isEmpty }, ["Page B", "Page A"])
        XCTAssertTrue(pageA.click())
        browser.waitForEvent("loaded") { $0 == self.url("/a") }

        let pageC = try openMenu(of: "Forward", in: app, pid: pid, expecting: "Page C")
        XCTAssertEqual(app.all { $0.role == role }.map(\.name).filter { !$0.isEmpty }, ["Page B", "Page C"])
        XCTAssertTrue(pageC.click())
        browser.waitForEvent("loaded") { $0 == self.url("/c") }
    }

    func testShiftF10OnTheFocusedBackButtonOpensItsMenu() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        let pid = browser.process.processIdentifier
        Keyboard.focusWindow(of: pid)
        typeAddress("/b", in: browser)
        let app = try XCTUnwrap(accessibleApplication(browser))
        let back = try XCTUnwrap(app.first(role: "push button", name: "Back"))
        // From the location entry, back over Reload to Back (Forward cannot be used).
        Keyboard.press("ctrl+l")
        Keyboard.press("shift+Tab")
        Keyboard.press("shift+Tab")
        XCTAssertTrue(eventually { back.isFocused }, "Back has the focus")
        Keyboard.press("shift+F10")
        let pageA = try XCTUnwrap(waitForNode(in: app) { $0.name == "Page A" && $0.role != "page tab" })
        XCTAssertTrue(pageA.click())
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
    }
}
