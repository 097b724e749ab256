import Foundation
import LocalHTTPServer
import XCTest

/// The find bar as a person uses it: Ctrl+F and the words typed at once.
final class FindBarTests: BrowserTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        server.route("/a", .html("<title>Page A</title><p>a needle, a needle, a needle</p>"))
    }

    /// A GTK configuration directory with animations on (the other end-to-end tests run with
    /// them off), removed after the test.
    func configurationWithAnimations() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swiftlet-e2e-config-\(UUID().uuidString)")
        let gtk = directory.appendingPathComponent("gtk-4.0")
        try FileManager.default.createDirectory(at: gtk, withIntermediateDirectories: true)
        try Data("[Settings]\ngtk-enable-animations=1\n".utf8).write(
            to: gtk.appendingPathComponent("settings.ini"))
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    /// The find bar used to slide in, and its entry took keys only once the slide had drawn
    /// its first frame: the key typed right after Ctrl+F was lost most of the time.
    func testTheFindBarKeepsTheFirstKeyTypedRightAfterCtrlF() throws {
        let configuration = try configurationWithAnimations()
        let browser = try launch([url("/a")], environment: ["XDG_CONFIG_HOME": configuration.path])
        browser.waitForEvent("loaded") { $0 == self.url("/a") }
        let app = try XCTUnwrap(accessibleApplication(browser))
        let pid = browser.process.processIdentifier
        Keyboard.focusWindow(of: pid)
        for word in ["needle", "a", "nee", "dle", "ne", "an"] {
            // The page has the focus, as when a person reads it and presses Ctrl+F.
            Pointer.click(x: 600, y: 400, inWindowOf: pid)
            Keyboard.press("ctrl+f", thenType: word)
            browser.waitForEvent("find-bar") { $0 == "shown" }
            let entry = try XCTUnwrap(waitForNode(in: app) { $0.name == "Find in Page" })
            XCTAssertTrue(eventually { entry.text == word }, "\(word): the entry says \(entry.text)")
            Keyboard.press("Escape")
            browser.waitForEvent("find-bar") { $0 == "hidden" }
        }
    }
}
