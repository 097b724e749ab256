import Foundation
import LocalHTTPServer
import XCTest

/// New tabs and windows as a person opens them: the location entry takes what is typed
/// right after the key, a new tab is "New Tab" (never "about:blank"), the tab bar shows only
/// with a second tab, and an incognito window's new tab says what incognito keeps.
final class NewTabTests: BrowserTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        server.route("/a", .html("<title>Page A</title><p>a needle, a needle, a needle</p>"))
    }

    /// The location entries of `app`'s windows.
    func addresses(in app: AccessibleNode) -> [AccessibleNode] {
        app.all { $0.role == "text" && $0.name == "Address" }
    }

    func testCtrlTGivesAnEmptyLocationEntryThatTakesWhatIsTypedAtOnce() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        let app = try XCTUnwrap(accessibleApplication(browser))
        let pid = browser.process.processIdentifier
        Keyboard.focusWindow(of: pid)
        // The page has the focus: the key goes to the new tab's entry all the same.
        Pointer.click(x: 600, y: 400, inWindowOf: pid)
        for (count, word) in ["first", "second", "third"].enumerated() {
            Keyboard.press("ctrl+t", thenType: word)
            browser.waitForEvent("tabs") { $0.hasPrefix("\(count + 2) \(count + 1) ") }
            let address = try XCTUnwrap(app.first(role: "text", name: "Address"))
            XCTAssertTrue(eventually { address.text == word }, "\(word): the entry says \(address.text)")
        }
        XCTAssertEqual(app.children.first?.name, "New Tab — Swiftlet")
        XCTAssertNil(app.first { $0.name.contains("about:blank") }, "about:blank shows nowhere")
    }

    func testTheNewTabButtonGivesAnEmptyLocationEntryThatTakesWhatIsTypedAtOnce() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        let button = try XCTUnwrap(app.first(role: "push button", name: "New Tab"))
        let center = try XCTUnwrap(button.centerInWindow, "the button's place in the window")
        Pointer.click(x: center.x, y: center.y, inWindowOf: browser.process.processIdentifier)
        Keyboard.type("typed")
        browser.waitForEvent("tabs") { $0.hasPrefix("2 1 ") }
        let address = try XCTUnwrap(app.first(role: "text", name: "Address"))
        XCTAssertTrue(eventually { address.text == "typed" }, "the entry says \(address.text)")
    }

    func testCtrlNAndCtrlShiftNOpenAWindowWhoseLocationEntryTakesTyping() throws {
        for keys in ["ctrl+n", "ctrl+shift+n"] {
            let browser = try launch([url("/a")])
            browser.waitForEvent("loaded") { $0 == self.url("/a") }
            let app = try XCTUnwrap(accessibleApplication(browser))
            Keyboard.focusWindow(of: browser.process.processIdentifier)
            Keyboard.press(keys)
            // Once the new window is there, typing goes to its entry: nothing focuses it.
            XCTAssertTrue(eventually { self.addresses(in: app).count == 2 }, "\(keys): a second window")
            Keyboard.type("typed")
            XCTAssertTrue(
                eventually { self.addresses(in: app).map(\.text).sorted() == ["typed", url("/a")].sorted() },
                "\(keys): \(addresses(in: app).map(\.text))")
            browser.terminate()
        }
    }

    func testAnIncognitoNewTabSaysWhatIncognitoKeepsUntilItNavigates() throws {
        let browser = try launch(["--incognito"])
        browser.waitForEvent("window-shown") { $0 == "incognito" }
        let app = try XCTUnwrap(accessibleApplication(browser))
        XCTAssertNotNil(waitForNode(in: app) { $0.name == "You’re Incognito" }, "the incognito page")
        XCTAssertNotNil(app.first { $0.name.contains("not added to your history") })
        XCTAssertNotNil(app.first { $0.name.contains("deleted when you close the last incognito window") })
        XCTAssertNotNil(app.first { $0.name.contains("Files you download") })
        XCTAssertNotNil(app.first { $0.name.contains("internet service provider") })
        // The entry has the focus: the address typed at once loads, and the page goes.
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.type(url("/a"))
        Keyboard.press("Return")
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        XCTAssertTrue(eventually { app.first { $0.name == "You’re Incognito" } == nil }, "the page went")
    }
}
