import Foundation
import LocalHTTPServer
import Web
import WebKitEngine
import XCTest

final class WebsiteDataTests: WebKitTestCase, @unchecked Sendable {
    private static let storingPage = HTTPResponse(
        status: 200,
        headers: ["Content-Type": "text/html", "Set-Cookie": "visited=yes; Max-Age=3600; Path=/"],
        body: Data(
            """
            <!DOCTYPE html><title>Store</title>
            <script>localStorage.setItem('key', 'value');</script>
            """.utf8))

    /// Stores a cookie and local storage in `context`, clears `types`, and answers whether a
    /// new page of the site still sees the cookie and the stored value.
    @MainActor
    private func storeThenClear(_ types: WebsiteDataTypes, in context: WebKitEngineContext) -> (Bool, Bool) {
        server.route("/store", Self.storingPage)
        let writer = context.makeWebKitWebContent()
        load(server.url("/store"), in: writer, log: ContentEventLog(writer))
        writer.close()
        var cleared = false
        context.clearWebsiteData(types, since: Date().addingTimeInterval(-3600)) { cleared = true }
        XCTAssertFalse(cleared, "answered later")
        wait("cleared") { cleared }
        let reader = context.makeWebKitWebContent()
        defer { reader.close() }
        load(server.url("/a"), in: reader, log: ContentEventLog(reader))
        let cookie = try? evaluate("document.cookie.includes('visited=yes')", in: reader)?.get()
        let stored = try? evaluate("localStorage.getItem('key') === 'value'", in: reader)?.get()
        return (cookie == .bool(true), stored == .bool(true))
    }

    func testClearingCookiesAndSiteDataOfTheLastHourForgetsThem() {
        onMainActor {
            let (cookie, stored) = storeThenClear(
                [.cookies, .siteData], in: makePersistentContext("Cleared"))
            XCTAssertFalse(cookie)
            XCTAssertFalse(stored)
        }
    }

    func testClearingTheCacheKeepsCookiesAndSiteData() {
        onMainActor {
            let (cookie, stored) = storeThenClear(.cache, in: makePersistentContext("Cache"))
            XCTAssertTrue(cookie)
            XCTAssertTrue(stored)
        }
    }
}
