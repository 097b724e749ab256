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
            XCTAssertFalse(log.finishedNavigations.contains(where: \.isSameDocument), "\(log.events)")
            XCTAssertFalse(firstLog.finishedNavigations.contains(where: \.isSameDocument))
        }
    }

    func testRestoreWithoutABlobRebuildsTheHistory() {
        onMainActor {
            let saved = Date(timeIntervalSince1970: 1_700_000_000)
            let history = NavigationHistory(
                items: ["/a", "/b", "/c"].map {
                    NavigationItem(url: server.url($0), title: "Saved \($0)", timestamp: saved)
                },
                lastCommittedItemIndex: 1)
            for blob in [nil, Data("FAKE-SESSION-1\nnot WebKit's".utf8)] {
                let content = makePersistentContext().makeWebKitWebContent()
                defer { content.close() }
                let log = ContentEventLog(content)
                let requests = server.requestCount("/b")
                XCTAssertTrue(content.restore(sessionState: blob, history: history))
                // What the fake engine copies: until the page commits, the view has no title
                // and the committed entry keeps the saved one.
                XCTAssertEqual(content.title, "")
                XCTAssertEqual(content.history.lastCommittedItem?.title, "Saved /b")
                wait("the committed item") { log.pageLoadedCount > 0 }
                XCTAssertEqual(log.lastPageLoaded, .success)
                XCTAssertEqual(content.lastCommittedURL, server.url("/b"))
                XCTAssertEqual(server.requestCount("/b"), requests + 1)
                XCTAssertEqual(content.history.items.map(\.url.path), ["/a", "/b", "/c"])
                XCTAssertEqual(content.history.lastCommittedItemIndex, 1)
                XCTAssertEqual(content.history.items.first?.title, "Saved /a", "saved titles until visited")
                XCTAssertEqual(content.history.items.first?.timestamp, saved)
                wait("the loaded title") { content.title == "Page B" }

                // The rebuilt entries are separate pages that load when visited.
                var loaded = log.pageLoadedCount
                content.goToItem(at: 0)
                wait("back to a") { log.pageLoadedCount > loaded }
                XCTAssertEqual(content.lastCommittedURL, server.url("/a"))
                wait("a's title") { content.title == "Page A" }
                loaded = log.pageLoadedCount
                content.goToItem(at: 2)
                wait("forward to c") { log.pageLoadedCount > loaded }
                XCTAssertEqual(content.lastCommittedURL, server.url("/c"))
                XCTAssertEqual(content.history.lastCommittedItemIndex, 2)
            }
        }
    }

    /// The blob is a file anyone can write: one holding an entry a restore must not load
    /// (here a `data:` page, which a page could not open by itself) is not used, and the
    /// history's own entries are restored instead.
    func testABlobWithAnEntryARestoreMustNotLoadIsNotUsed() {
        onMainActor {
            let context = makePersistentContext()
            let first = context.makeWebKitWebContent()
            defer { first.close() }
            let firstLog = ContentEventLog(first)
            load(server.url("/a"), in: first, log: firstLog)
            load(URL(string: "data:text/html,<title>Data</title>")!, in: first, log: firstLog)
            guard let blob = first.sessionStateData() else { return XCTFail("no session state") }

            let second = context.makeWebKitWebContent()
            defer { second.close() }
            let log = ContentEventLog(second)
            let history = NavigationHistory(
                items: [NavigationItem(url: server.url("/a"), title: "Saved")], lastCommittedItemIndex: 0)
            XCTAssertTrue(second.restore(sessionState: blob, history: history))
            wait("the history's page") { log.pageLoadedCount > 0 }
            XCTAssertEqual(second.history.items.map(\.url), [server.url("/a")])
            XCTAssertEqual(second.lastCommittedURL, server.url("/a"))
        }
    }

    func testRestoreWithNothingToRestoreFails() {
        onMainActor {
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            XCTAssertFalse(content.restore(sessionState: nil, history: .empty))
            XCTAssertFalse(content.restore(sessionState: Data("junk".utf8), history: .empty))
            XCTAssertTrue(content.history.items.isEmpty)
        }
    }
}
