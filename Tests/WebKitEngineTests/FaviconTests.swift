import Foundation
import LocalHTTPServer
import Web
@_spi(Testing) import WebKitEngine
import XCTest

final class FaviconTests: WebKitTestCase, @unchecked Sendable {
    static let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAGUlEQVR4nGP4z8DwnxLMMGrAqAGjBgwXAwAwxP4QHCfkAAAAAABJRU5ErkJggg=="
    )!
    static let pngSignature = Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

    private func servePageWithIcon() {
        server.route("/icon.png", HTTPResponse(headers: ["Content-Type": "image/png"], body: Self.png))
        server.route(
            "/with-icon",
            .html("<!DOCTYPE html><title>Icon</title><link rel=\"icon\" href=\"/icon.png\"><p>icon</p>"))
    }

    func testAPageWithALinkRelIconGetsItsIconAsPNG() {
        onMainActor {
            servePageWithIcon()
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/with-icon"), in: content, log: log)
            wait("the favicon") { content.favicon != nil }
            XCTAssertTrue(content.favicon?.starts(with: Self.pngSignature) == true)
            XCTAssertEqual(content.faviconURL, server.url("/icon.png"))
            XCTAssertTrue(log.events.contains("faviconURLChanged(/icon.png)"), "\(log.events)")
        }
    }

    /// A page's icon does not stay with the next page of the tab, which has none: it is gone
    /// when the new page commits, and that is reported.
    func testAPageWithoutAnIconShowsNoneAfterOneWithAnIcon() {
        onMainActor {
            servePageWithIcon()
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/with-icon"), in: content, log: log)
            wait("the favicon") { content.favicon != nil }
            log.reset()
            load(server.url("/a"), in: content, log: log)
            XCTAssertNil(content.favicon, "the icon of the page before")
            XCTAssertNil(content.faviconURL)
            let cleared = log.events.firstIndex(of: "faviconURLChanged(nil)")
            let committed = log.index(of: "didFinishNavigation")
            XCTAssertNotNil(cleared, "\(log.events)")
            if let cleared, let committed { XCTAssertGreaterThan(cleared, committed, "\(log.events)") }
            XCTAssertNil(log.faviconAtCommit ?? nil, "gone when observers hear of the commit")

            // Back to a page with an icon: it comes back.
            load(server.url("/with-icon"), in: content, log: log)
            wait("the favicon again") { content.favicon != nil }
            XCTAssertEqual(content.faviconURL, server.url("/icon.png"))
        }
    }

    func testTheDatabaseAnswersByPageURLWithoutAWebView() {
        onMainActor {
            servePageWithIcon()
            let context = makePersistentContext()
            let content = context.makeWebKitWebContent()
            let log = ContentEventLog(content)
            load(server.url("/with-icon"), in: content, log: log)
            wait("the favicon") { content.favicon != nil }
            content.close()

            let viewsBefore = engine.webViewsCreated
            var answers: [Data?] = []
            context.fetchFavicon(forPageURL: server.url("/with-icon")) { answers.append($0) }
            XCTAssertTrue(answers.isEmpty, "answered later, not inside the call")
            context.fetchFavicon(forPageURL: server.url("/never-loaded")) { answers.append($0) }
            wait("both answers") { answers.count == 2 }
            XCTAssertTrue(
                answers[0]?.starts(with: Self.pngSignature) == true, "\(String(describing: answers[0]))")
            XCTAssertNil(answers[1] ?? nil, "a page never loaded has no icon")
            XCTAssertEqual(engine.webViewsCreated, viewsBefore, "no web view was made for the lookup")
        }
    }
}
