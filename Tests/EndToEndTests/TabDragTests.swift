import Foundation
import LocalHTTPServer
import XCTest

/// Tabs dragged out of the tab bar with the mouse (xdotool), in the real `swiftlet` under
/// Xvfb: with no window manager each window sits where it is put, 1280×800 from the
/// screen's top left corner unless moved, and the tab bar runs along y = 69.
final class TabDragTests: BrowserTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        for name in ["a", "b", "c", "d"] {
            server.route("/\(name)", .html("<title>Page \(name.uppercased())</title><p>\(name)</p>"))
        }
    }

    override func tearDownWithError() throws {
        // Back over where the next test's window opens: a drop on the desktop leaves the
        // pointer over the root window, and keys typed then (with no window manager to give
        // a window the focus) reach no window.
        Keyboard.xdotool(["mousemove", "640", "400"])
        try super.tearDownWithError()
    }

    /// How far below a window's top its tab bar runs.
    static let tabBarY = 69

    /// The browser windows of `browser`, as xdotool names them (its visible windows titled
    /// Swiftlet; only before a drag, which leaves windows of its own).
    func windows(of browser: BrowserProcess) -> [String] {
        let process = Process()
        let output = Pipe()
        let pid = String(browser.process.processIdentifier)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdotool", "search", "--onlyvisible", "--pid", pid, "--name", "Swiftlet"]
        process.standardOutput = output
        guard (try? process.run()) != nil else { return [] }
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.split(separator: "\n").map(String.init)
    }

    /// The middle of the tab at `index` of `count` in a window's 1280-pixel tab bar, on
    /// screen, the window's top being `windowTop`.
    func tab(_ index: Int, of count: Int = 2, windowTop: Int = 0) -> (x: Int, y: Int) {
        (x: 1280 / count * index + 1280 / count / 2, y: windowTop + Self.tabBarY)
    }

    func testATabDroppedOnTheDesktopMovesToANewWindowAsItIs() throws {
        let browser = try launch([url("/a"), url("/b")])
        browser.waitForEvent("loaded") { $0 == self.url("/b") }
        // Below the window: the bare root window (GDK's drop there never ends by itself; the
        // tab strip ends it a second later).
        Pointer.drag(from: tab(1), through: [(960, 90), (960, 200), (900, 600), (900, 900), (900, 950)])
        browser.waitForEvent("tabs") { $0 == "1 0 \(self.url("/a"))" }
        browser.waitForEvent("tabs") { $0 == "1 0 \(self.url("/b"))" }
        browser.waitForEvent("window-shown")
        XCTAssertEqual(server.requestCount("/b"), 1, "the tab moved with its page: not loaded again")
    }

    func testATabDroppedOnItsWindowOutsideTheTabBarMovesToANewWindow() throws {
        let browser = try launch([url("/a"), url("/b")])
        browser.waitForEvent("loaded") { $0 == self.url("/b") }
        // Onto the page: no tab bar takes the drop there, and libadwaita asks for a window.
        Pointer.drag(from: tab(1), through: [(960, 90), (960, 200), (900, 400), (880, 450)])
        browser.waitForEvent("tabs") { $0 == "1 0 \(self.url("/a"))" }
        browser.waitForEvent("tabs") { $0 == "1 0 \(self.url("/b"))" }
        browser.waitForEvent("window-shown")
        XCTAssertEqual(server.requestCount("/b"), 1, "the tab moved with its page: not loaded again")
    }

    func testATabDroppedOnAnotherWindowsTabBarMovesThereAndIsThereAfterARelaunch() throws {
        let browser = try launch([url("/a"), url("/b")])
        browser.waitForEvent("loaded") { $0 == self.url("/b") }
        let first = windows(of: browser)
        try runSecondInstance(["--new-window", url("/c"), url("/d")], of: browser)
        browser.waitForEvent("loaded") { $0 == self.url("/d") }
        let other = try XCTUnwrap(windows(of: browser).first { !first.contains($0) }, "no second window")
        // The second window lower down, so that both tab bars are on screen.
        XCTAssertTrue(Keyboard.xdotool(["windowmove", "--sync", other, "0", "500"]))

        // Tab B onto the boundary between C and D in the other window's bar.
        let target = tab(1, windowTop: 500)
        Pointer.drag(
            from: tab(1),
            through: [(960, 90), (960, 200), (900, 400), (800, target.y), (700, target.y), (660, target.y)])
        browser.waitForEvent("tabs") { $0 == "1 0 \(self.url("/a"))" }
        browser.waitForEvent("tabs") { $0 == "3 1 \(self.url("/c"))|\(self.url("/b"))|\(self.url("/d"))" }
        XCTAssertEqual(server.requestCount("/b"), 1, "the tab moved with its page: not loaded again")

        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+q")
        XCTAssertTrue(browser.waitForExit())
        let relaunched = try launch([], in: browser.userDataDirectory)
        // Both windows come back as they were, in whichever order they are restored.
        var expected: Set = ["3 1 \(url("/c"))|\(url("/b"))|\(url("/d"))", "1 0 \(url("/a"))"]
        while !expected.isEmpty,
            let event = relaunched.waitForEvent("tabs", detail: { expected.contains($0) })
        {
            expected.remove(event.detail)
        }
    }
}
