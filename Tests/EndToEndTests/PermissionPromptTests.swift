import Foundation
import LocalHTTPServer
import XCTest

/// A page's permission request as a person meets it: a bar over the tab asks, Allow answers.
final class PermissionPromptTests: BrowserTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        // A button filling the top of the page asks for notifications when clicked (WebKit
        // asks only from a user gesture) and shows the answer as the page's title.
        server.route(
            "/notify",
            .html(
                "<title>Notify</title><button style=\"display:block;width:100%;height:400px\" "
                    + "onclick=\"Notification.requestPermission().then(r => document.title = r)\">Ask</button>"
            ))
    }

    func testAllowInThePromptBarGrantsThePageNotifications() throws {
        let browser = try launch([url("/notify")])
        browser.waitForEvent("loaded") { $0 == self.url("/notify") }
        let pid = browser.process.processIdentifier
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: pid)
        Pointer.click(x: 200, y: 300, button: 1, holding: [], inWindowOf: pid)

        let host = "127.0.0.1:\(server.port)"
        XCTAssertNotNil(
            waitForNode(in: app) { $0.name == "\(host) wants to show notifications" }, "the prompt shows")
        let remember = try XCTUnwrap(app.first { $0.name == "Remember this decision" })
        XCTAssertEqual(remember.role, "check box")
        let allow = try XCTUnwrap(app.first(role: "push button", name: "Allow"))
        XCTAssertTrue(allow.click())
        browser.waitForEvent("permission-answered") { $0 == "allow remember=true" }
        XCTAssertTrue(
            eventually { app.first { $0.role == "frame" && $0.name.hasPrefix("granted") } != nil },
            "the page's title shows the answer")
        XCTAssertTrue(eventually { app.first { $0.name.hasSuffix("wants to show notifications") } == nil })
    }
}
