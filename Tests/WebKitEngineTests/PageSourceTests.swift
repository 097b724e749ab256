import Foundation
import LocalHTTPServer
import Web
@_spi(Testing) import WebKitEngine
import XCTest

final class PageSourceTests: WebKitTestCase, @unchecked Sendable {
    func testTheMainResourceTextIsThePageAsServed() {
        onMainActor {
            server.route("/source", .page(title: "Source", body: "<p>caf\u{e9} &amp; <b>bold</b></p>"))
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/source"), in: content, log: log)
            var text: String??
            content.mainResourceText { text = .some($0) }
            wait("the main resource's data") { text != nil }
            let source = text.flatMap { $0 } ?? ""
            XCTAssertTrue(source.contains("<title>Source</title>"), source)
            XCTAssertTrue(source.contains("<p>caf\u{e9} &amp; <b>bold</b></p>"), source)
        }
    }

    func testAContentWithoutAPageHasNoMainResourceText() {
        onMainActor {
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            var text: String?? = nil
            content.mainResourceText { text = .some($0) }
            XCTAssertEqual(text, .some(nil))
        }
    }
}
