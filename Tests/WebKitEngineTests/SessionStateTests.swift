import Foundation
import Web
import WebKitEngine
import XCTest

final class SessionStateTests: WebKitTestCase, @unchecked Sendable {
    func testSessionStateRoundTripsIntoANewContent() {
        onMainActor {
            let context = makePersistentContext()
            let first = context.makeWebKitWebContent()
            defer { first.close() }
            let firstLog = ContentEventLog(first)
            for path in ["/a", "/b", "/c"] { load(server.url(path), in: first, log: firstLog) }
            let before = firstLog.pageLoadedCount
            first.goToItem(at: 1)
            wait("back to b") { firstLog.pageLoadedCount > before }
            wait("titles") { first.history.items.map(\.title) == ["Page A", "Page B", "Page C"] }
            guard let blob = first.sessionStateData() else { return XCTFail("no session state") }
            XCTAssertFalse(blob.isEmpty)
            let requestsForB = server.requestCount("/b")

            let second = context.makeWebKitWebContent()
            defer { second.close() }
            let log = ContentEventLog(second)
            XCTAssertTrue(second.restore(sessionState: blob, history: .empty))
            wait("the restored page") { log.pageLoadedCount > 0 }
            XCTAssertEqual(log.lastPageLoaded, .success)
            XCTAssertEqual(second.history.items.map(\.url.path), ["/a", "/b", "/c"])
            XCTAssertEqual(second.history.lastCommittedItemIndex, 1)
            XCTAssertEqual(second.lastCommittedURL, server.url("/b"))
            XCTAssertEqual(server.requestCount("/b"), requestsForB + 1, "the current entry was loaded")
            wait("the restored title") { second.title == "Page B" }
            XCTAssertTrue(second.history.canGoBack)
            XCTAssertTrue(second.history.canGoForward)

            // The restored entries navigate like any others.
            let loaded = log.pageLoadedCount
            second.goToItem(at: 0)
            wait("back to a") { log.pageLoadedCount > loaded }
            XCTAssertEqual(second.lastCommittedURL, server.url("/a"))
            XCTAssertEqual(second.history.lastCommittedItemIndex, 0)
        }
    }

    func testRestoreWithoutABlobLoadsTheCommittedItem() {
        onMainActor {
            let history = NavigationHistory(
                items: ["/a", "/b", "/c"].map { NavigationItem(url: server.url($0), title: $0) },
                lastCommittedItemIndex: 1)
            for blob in [nil, Data("FAKE-SESSION-1\nnot WebKit's".utf8)] {
                let content = makePersistentContext().makeWebKitWebContent()
                defer { content.close() }
                let log = ContentEventLog(content)
                XCTAssertTrue(content.restore(sessionState: blob, history: history))
                wait("the committed item") { log.pageLoadedCount > 0 }
                XCTAssertEqual(content.lastCommittedURL, server.url("/b"))
                // Without WebKit's own blob only the committed entry comes back.
                XCTAssertEqual(content.history.items.map(\.url.path), ["/b"])
            }
            let empty = makePersistentContext().makeWebKitWebContent()
            defer { empty.close() }
            XCTAssertFalse(empty.restore(sessionState: nil, history: .empty))
        }
    }
}
