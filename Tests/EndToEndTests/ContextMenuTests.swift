import Foundation
import LocalHTTPServer
import XCTest

/// The page's context menu is the browser's, opened with the real pointer (xdotool) and read
/// as a screen reader reads it (AT-SPI): its entries for a link, an image, a selection and
/// the page, and what choosing some of them does.
final class ContextMenuTests: BrowserTestCase, @unchecked Sendable {
    /// The image's bytes (not a picture: the menu only needs an `<img>`).
    static let image = Data((0..<64).map { UInt8($0) })

    override func setUpWithError() throws {
        try super.setUpWithError()
        // Large targets, so that a click well inside each lands on it whether or not the
        // window shows its tab bar: a link (page y 0–150), an image (150–300), a selection
        // (300–450, selected once loaded) and nothing (below).
        let body = """
            <a href="/b" style="display:block;height:150px">b</a>\
            <img src="/red.png" style="display:block;width:300px;height:150px">\
            <div id="t" style="height:150px;font-size:100px;line-height:150px">Words</div>\
            <div style="height:600px"></div>
            """
        server.route("/menu", .html("<title>Menu</title><body style=\"margin:0\">\(body)</body>"))
        server.route(
            "/selected",
            .html(
                "<title>Selected</title><body style=\"margin:0\" onload=\"getSelection()"
                    + ".selectAllChildren(document.getElementById('t'))\">\(body)</body>"))
        server.route("/b", .html("<title>Page B</title><p>b</p>"))
        server.route("/red.png", HTTPResponse(headers: ["Content-Type": "image/png"], body: Self.image))
    }

    /// Starts the browser on `path`, right-clicks at window y `y` and returns the menu's
    /// entries (every node of the role its first entry `first` has), once it shows.
    private func openMenu(
        on path: String, atY y: Int, first: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (BrowserProcess, AccessibleNode, [String]) {
        let browser = try launch([url(path)])
        browser.waitForEvent("loaded") { $0 == self.url(path) }
        let pid = browser.process.processIdentifier
        Keyboard.focusWindow(of: pid)
        let app = try XCTUnwrap(accessibleApplication(browser))
        Pointer.rightClick(x: 100, y: y, inWindowOf: pid)
        let entry = try XCTUnwrap(
            waitForNode(in: app) { $0.name == first }, "no \(first)", file: file, line: line)
        let role = entry.role
        return (browser, app, app.all { $0.role == role }.map(\.name).filter { !$0.isEmpty })
    }

    func testALinksMenuOpensItInANewWindowWithoutAPopUpBlocked() throws {
        let (browser, app, entries) = try openMenu(on: "/menu", atY: 120, first: "Open Link in New Tab")
        XCTAssertEqual(
            entries,
            [
                "Open Link in New Tab", "Open Link in New Window", "Open Link in Incognito Window",
                "Save Link As…", "Copy Link Address", "Inspect Element",
            ])
        XCTAssertTrue(try XCTUnwrap(app.first { $0.name == "Open Link in New Window" }).click())
        browser.waitForEvent("tabs") { $0 == "1 0 \(self.url("/b"))" }
        browser.waitForEvent("window-shown")
        XCTAssertNil(app.first(role: "label", name: "Pop-up blocked"))
        XCTAssertFalse(
            browser.events.contains { $0.name == "tabs" && $0.detail.hasPrefix("2 ") },
            "no tab opened in the page's window")
    }

    func testAnImagesMenuAndSaveImageAsWritesWhereTheUserTyped() throws {
        let (browser, app, entries) = try openMenu(on: "/menu", atY: 300, first: "Open Image in New Tab")
        XCTAssertEqual(
            entries,
            [
                "Open Image in New Tab", "Save Image As…", "Copy Image", "Copy Image Address",
                "Inspect Element",
            ])
        XCTAssertTrue(try XCTUnwrap(app.first { $0.name == "Save Image As…" }).click())
        XCTAssertNotNil(
            waitForNode(in: app) { $0.role == "text" && $0.text == "red.png" },
            "the dialog offers the image's name")
        let chosen = browser.userDataDirectory.appendingPathComponent("chosen.png")
        Keyboard.press("ctrl+a")
        Keyboard.type(chosen.path)
        Keyboard.press("Return")
        XCTAssertTrue(
            eventually { (try? Data(contentsOf: chosen)) == Self.image },
            "the image is where it was asked to go")
    }

    func testASelectionsMenuOffersToSearchTheWebForIt() throws {
        let (_, _, entries) = try openMenu(on: "/selected", atY: 420, first: "Copy")
        XCTAssertEqual(entries, ["Copy", "Search the Web for “Words”", "Inspect Element"])
    }

    func testThePagesMenuAndSavePageAsAsksWhere() throws {
        let (browser, app, entries) = try openMenu(on: "/menu", atY: 650, first: "Back")
        XCTAssertEqual(
            entries, ["Back", "Forward", "Reload", "Save Page As…", "View Page Source", "Inspect Element"])
        XCTAssertTrue(try XCTUnwrap(app.first { $0.name == "Save Page As…" }).click())
        let dialog = waitForNode(in: app) { $0.name == "Save Page" && $0.role != "label" }
        XCTAssertNotNil(dialog, "the file dialog asks where")
        XCTAssertNotNil(
            waitForNode(in: app) { $0.role == "text" && $0.text == "Menu.mhtml" }, "offering the page's name")
        Keyboard.press("Escape")
        XCTAssertTrue(eventually { app.first { $0.name == "Save Page" && $0.role != "label" } == nil })
        _ = browser
    }
}
