import Foundation
import LocalHTTPServer
import XCTest

/// What survives quitting, crashing and closing, driven as a person would: the real
/// `swiftlet`, relaunched on the same user data directory, against pages served from
/// 127.0.0.1 (whose request counts tell which tabs loaded).
final class SessionTests: BrowserTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        for name in ["a", "b", "c", "d"] {
            server.route("/\(name)", .html("<title>Page \(name.uppercased())</title><p>\(name)</p>"))
        }
    }

    /// Every file under `directory`, relative.
    func files(under directory: URL) -> [String] {
        (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String]) ?? []
    }

    func testQuitAndRelaunchBringBackTheWindowsAndTabsAndLoadOnlyTheActiveTabs() throws {
        let first = try launch([url("/a"), url("/b"), url("/c")])
        // (The tab strip may log its last titles after the page's load: wait on the load only.)
        first.waitForEvent("loaded") { $0 == self.url("/c") }
        // A second window, asked for by a second `swiftlet`.
        try runSecondInstance(["--new-window", url("/d")], of: first)
        first.waitForEvent("loaded") { $0 == self.url("/d") }
        Keyboard.focusWindow(of: first.process.processIdentifier)
        Keyboard.press("ctrl+q")
        XCTAssertTrue(first.waitForExit(), "Ctrl+Q quits")
        XCTAssertEqual(first.process.terminationStatus, 0)
        let before = ["/a", "/b", "/c", "/d"].map { server.requestCount($0) }

        let relaunched = try launch([], in: first.userDataDirectory)
        relaunched.waitForEvent("loaded") { $0 == self.url("/c") || $0 == self.url("/d") }
        relaunched.waitForEvent("loaded") { $0 == self.url("/c") || $0 == self.url("/d") }
        let tabs = relaunched.events.filter { $0.name == "tabs" }.map(\.detail)
        XCTAssertTrue(tabs.contains("3 2 \(url("/a"))|\(url("/b"))|\(url("/c"))"), "\(tabs)")
        XCTAssertTrue(tabs.contains("1 0 \(url("/d"))"), "\(tabs)")
        let after = ["/a", "/b", "/c", "/d"].map { server.requestCount($0) }
        XCTAssertEqual(zip(after, before).map { $0 - $1 }, [0, 0, 1, 1], "only the active tabs load")
    }

    /// Waits until `browser`'s window `count` windows are in `Local State` and each listed
    /// window's session is on disk (the saves run a moment after a change).
    func waitForSavedSessions(_ browser: BrowserProcess, windows count: Int) {
        let localState = browser.userDataDirectory.appendingPathComponent("Local State")
        let storage = browser.userDataDirectory.appendingPathComponent("Default/SessionStorage")
        let saved = eventually {
            guard let data = FileManager.default.contents(atPath: localState.path),
                let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let scenes = (root["application"] as? [String: Any])?["open_scenes"] as? [[String: Any]],
                scenes.count == count
            else { return false }
            return scenes.allSatisfy { scene in
                let id = scene["session_id"] as? String ?? ""
                return FileManager.default.fileExists(
                    atPath: storage.appendingPathComponent(id).appendingPathComponent("session_metadata.pb")
                        .path)
            }
        }
        XCTAssertTrue(saved, "the sessions never reached the disk")
    }

    /// A browser on /a and /b killed once its session is on disk, relaunched without
    /// arguments: it offers the restore in a blank window. Returns it and its application.
    private func relaunchAfterAKill() throws -> (BrowserProcess, AccessibleNode) {
        let first = try launch([url("/a"), url("/b")])
        first.waitForEvent("loaded") { $0 == self.url("/b") }
        waitForSavedSessions(first, windows: 1)
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()

        let relaunched = try launch([], in: first.userDataDirectory)
        relaunched.waitForEvent("info-bar") { $0 == "crashed-session" }
        XCTAssertFalse(
            relaunched.events.contains { $0.name == "tabs" && $0.detail.contains(self.url("/a")) },
            "nothing comes back before the user chooses")
        return (relaunched, try XCTUnwrap(accessibleApplication(relaunched)))
    }

    /// The application's windows as AT-SPI sees them.
    private func windows(of app: AccessibleNode) -> [AccessibleNode] {
        app.children.filter { $0.role == "frame" }
    }

    func testAfterAKillTheInfoBarRestoresEveryWindowInPlaceOfTheBlankOne() throws {
        let (relaunched, app) = try relaunchAfterAKill()
        XCTAssertEqual(windows(of: app).count, 1)
        let restore = try XCTUnwrap(app.first(role: "push button", name: "Restore"))
        XCTAssertTrue(restore.click())
        // The restored window logs its tabs as it is made, then the blank one closes, before
        // the restore is logged.
        relaunched.waitForEvent("tabs") { $0 == "2 1 \(self.url("/a"))|\(self.url("/b"))" }
        relaunched.waitForEvent("window-closed")
        relaunched.waitForEvent("session-restored") { $0 == "1" }
        XCTAssertTrue(eventually { self.windows(of: app).count == 1 }, "the blank window stayed")
        XCTAssertTrue(relaunched.process.isRunning)
    }

    func testRestoringAfterAKillKeepsTheWindowTheUserBrowsedIn() throws {
        let (relaunched, app) = try relaunchAfterAKill()
        Keyboard.focusWindow(of: relaunched.process.processIdentifier)
        typeAddress("/c", in: relaunched)
        let restore = try XCTUnwrap(app.first(role: "push button", name: "Restore"))
        XCTAssertTrue(restore.click())
        relaunched.waitForEvent("session-restored") { $0 == "1" }
        XCTAssertTrue(eventually { self.windows(of: app).count == 2 }, "both windows are open")
        XCTAssertFalse(relaunched.events.contains { $0.name == "window-closed" })
    }

    func testADiscardedBackgroundTabLoadsAgainWhenSelectedWithItsHistory() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        typeAddress("/b", in: browser)
        Keyboard.press("ctrl+t")
        browser.waitForEvent("tabs") { $0.hasPrefix("2 1 ") }
        typeAddress("/c", in: browser)
        let requestsForB = server.requestCount("/b")

        // As the system's low-memory warning does: the first tab, in the background, goes.
        try runSecondInstance(["--discard-background-tabs"], of: browser)
        browser.waitForEvent("tabs-discarded") { $0 == "1" }
        XCTAssertEqual(server.requestCount("/b"), requestsForB, "nothing loads until the tab is selected")

        // The page loads again (WebKit may take it from its cache rather than the server).
        Keyboard.press("ctrl+1")
        browser.waitForEvent("loaded") { $0 == self.url("/b") }
        Keyboard.press("alt+Left")
        browser.waitForEvent("location") { $0 == self.url("/a") }
    }

    func testCtrlShiftTReopensAClosedTabWithItsHistory() throws {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        typeAddress("/b", in: browser)
        Keyboard.press("ctrl+t")
        browser.waitForEvent("tabs") { $0.hasPrefix("2 1 ") }
        Keyboard.press("ctrl+1")
        browser.waitForEvent("tabs") { $0.hasPrefix("2 0 ") }
        Keyboard.press("ctrl+w")
        browser.waitForEvent("tabs") { $0.hasPrefix("1 0 ") }
        Keyboard.press("ctrl+shift+t")
        browser.waitForEvent("tabs") { $0.hasPrefix("2 0 \(self.url("/b"))|") }
        browser.waitForEvent("loaded") { $0 == self.url("/b") }
        Keyboard.press("alt+Left")
        browser.waitForEvent("location") { $0 == self.url("/a") }
    }

    /// Two windows, on /a and /b; one of them closed with its Close button (the other stays,
    /// and the browser keeps running). Returns the browser and its accessible application.
    private func twoWindowsOneClosed() throws -> (BrowserProcess, AccessibleNode) {
        let browser = try launch([url("/a")])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        try runSecondInstance(["--new-window", url("/b")], of: browser)
        browser.waitForEvent("loaded") { $0 == self.url("/b") }
        let app = try XCTUnwrap(accessibleApplication(browser))
        let close = try XCTUnwrap(app.first(role: "push button", name: "Close"))
        XCTAssertTrue(close.click())
        browser.waitForEvent("window-closed")
        XCTAssertTrue(browser.process.isRunning, "closing a window that is not the last does not quit")
        return (browser, app)
    }

    /// Waits for the closed window to open again: a new window logs its tabs as it is made,
    /// before it is shown.
    private func waitForTheClosedWindow(_ browser: BrowserProcess) {
        browser.waitForEvent("tabs") { $0 == "1 0 \(self.url("/a"))" || $0 == "1 0 \(self.url("/b"))" }
        browser.waitForEvent("window-shown")
    }

    func testAWindowClosedWithItsTabsComesBackFromTheRecentlyClosedMenu() throws {
        let (browser, app) = try twoWindowsOneClosed()
        // Main Menu (F10) → Recently Closed → the window, named after its tab.
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("F10")
        let submenu = try XCTUnwrap(waitForNode(in: app) { $0.name == "Recently Closed" })
        XCTAssertTrue(submenu.click())
        // (The open window's frame is named after its page too: its title.)
        let entry = try XCTUnwrap(
            waitForNode(in: app) {
                $0.role != "frame" && ($0.name.hasPrefix("Page A") || $0.name.hasPrefix("Page B"))
            },
            "Recently Closed lists no window")
        XCTAssertTrue(entry.click())
        waitForTheClosedWindow(browser)
    }

    func testAWindowClosedWithItsTabsComesBackWithCtrlShiftT() throws {
        let (browser, _) = try twoWindowsOneClosed()
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+shift+t")
        waitForTheClosedWindow(browser)
    }

    func testATabMovedToANewWindowIsThereAfterARelaunch() throws {
        let browser = try launch([url("/a"), url("/b")])
        browser.waitForEvent("loaded") { $0 == self.url("/b") }
        // The tab bar sits under the header bar; the first of two tabs fills its left half.
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Pointer.rightClick(x: 320, y: 69, inWindowOf: browser.process.processIdentifier)
        let app = try XCTUnwrap(accessibleApplication(browser))
        let item = waitForNode(in: app) { $0.name == "Move to New Window" }
        XCTAssertTrue(try XCTUnwrap(item, "the tab's menu has no Move to New Window").click())
        browser.waitForEvent("tabs") { $0 == "1 0 \(self.url("/a"))" }
        browser.waitForEvent("window-shown")
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+q")
        XCTAssertTrue(browser.waitForExit())

        let relaunched = try launch([], in: browser.userDataDirectory)
        relaunched.waitForEvent("loaded") { $0 == self.url("/a") || $0 == self.url("/b") }
        relaunched.waitForEvent("loaded") { $0 == self.url("/a") || $0 == self.url("/b") }
        let tabs = Set(relaunched.events.filter { $0.name == "tabs" }.map(\.detail))
        XCTAssertTrue(tabs.isSuperset(of: ["1 0 \(url("/a"))", "1 0 \(url("/b"))"]), "\(tabs)")
    }

    func testAnIncognitoWindowLeavesNothingOnDiskOnceItCloses() throws {
        let browser = try launch(["--incognito", url("/a")])
        browser.waitForEvent("window-shown") { $0 == "incognito" }
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        // Its state is on disk while it is open (so that a crash could bring it back)…
        XCTAssertTrue(
            eventually {
                files(under: browser.userDataDirectory).contains {
                    $0.hasPrefix("Default/OTR/SessionStorage/") && $0.hasSuffix("/session_metadata.pb")
                }
            }, "the incognito window's session was never saved")
        // … and gone once it closes.
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+w")
        XCTAssertTrue(browser.waitForExit(), "the browser quits with its last window")
        let left = files(under: browser.userDataDirectory)
        XCTAssertFalse(left.contains { $0.contains("OTR") }, "\(left)")
        for file in left {
            let data = FileManager.default.contents(
                atPath: browser.userDataDirectory.appendingPathComponent(file).path)
            let text = String(decoding: data ?? Data(), as: UTF8.self)
            XCTAssertFalse(text.contains(url("/a")), "\(file) holds the incognito page's address")
        }
    }
}
