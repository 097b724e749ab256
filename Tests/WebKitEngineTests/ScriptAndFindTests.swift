import Foundation
import LocalHTTPServer
import Web
@_spi(Testing) import WebKitEngine
import XCTest

final class ScriptAndFindTests: WebKitTestCase, @unchecked Sendable {
    func testJavaScriptResultsAndErrors() {
        onMainActor {
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/a"), in: content, log: log)
            let cases: [(String, JavaScriptValue)] = [
                ("1 + 41", .number(42)),
                ("'he' + 'llo'", .string("hello")),
                ("document.title", .string("Page A")),
                ("1 < 2", .bool(true)),
                ("null", .null),
                ("undefined", .null),
                ("[1, 'two', false, null]", .array([.number(1), .string("two"), .bool(false), .null])),
                (
                    "({n: 1.5, list: [true], nested: {s: 'x'}})",
                    .object([
                        "n": .number(1.5), "list": .array([.bool(true)]),
                        "nested": .object(["s": .string("x")]),
                    ])
                ),
            ]
            for (script, expected) in cases {
                XCTAssertEqual(try? evaluate(script, in: content)?.get(), expected, script)
            }
            guard case .failure(let error) = evaluate("throw new Error('boom')", in: content) else {
                return XCTFail("a thrown error must fail the evaluation")
            }
            XCTAssertTrue(error.message.contains("boom"), error.message)
            guard case .failure(let syntax) = evaluate("this is not javascript", in: content) else {
                return XCTFail("a syntax error must fail the evaluation")
            }
            XCTAssertFalse(syntax.message.isEmpty)
        }
    }

    func testFindCountsMatchesAndMovesThroughThem() {
        onMainActor {
            server.route(
                "/fox",
                .page(
                    title: "Fox",
                    body:
                        "<p id=one>The quick fox</p><p id=two>jumps over the FOX</p><p id=three>a fox again</p>"
                ))
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/fox"), in: content, log: log)
            let find = content.makeWebKitFindInPageController()
            var counts: [Int] = []
            find.find("fox", options: [.wrapAround]) { counts.append($0) }
            wait("the matches") { counts.count == 1 }
            XCTAssertEqual(counts, [3])
            XCTAssertEqual(find.matchCount, 3)
            XCTAssertEqual(find.searchText, "fox")

            // The selected match moves; the page's selection shows where it is.
            @MainActor func selectedParagraph() -> JavaScriptValue? {
                try? evaluate("window.getSelection().anchorNode?.parentElement?.id ?? null", in: content)?
                    .get()
            }
            let first = selectedParagraph()
            var results = find.resultCount
            find.findNext()
            wait("the next match") { find.resultCount > results }
            let second = selectedParagraph()
            results = find.resultCount
            find.findPrevious()
            wait("the previous match") { find.resultCount > results }
            XCTAssertEqual(find.matchCount, 3, "moving does not change the count")
            XCTAssertEqual(first, .string("one"))
            XCTAssertEqual(second, .string("two"), "next selected the second match")
            XCTAssertEqual(selectedParagraph(), .string("one"), "previous went back to the first")

            find.find("fox", options: [.caseSensitive]) { counts.append($0) }
            wait("the case-sensitive matches") { counts.count == 2 }
            XCTAssertEqual(counts.last, 2)
            find.find("zebra", options: []) { counts.append($0) }
            wait("no match") { counts.count == 3 }
            XCTAssertEqual(counts.last, 0)
            find.dismiss()
            XCTAssertNil(find.searchText)
            find.find("", options: []) { counts.append($0) }
            XCTAssertEqual(counts.last, 0)
            XCTAssertEqual(counts.count, 4)
        }
    }

    /// `FindTabHelper` (`docs/ios/unrealized_web_state.md`) on the real engine: attached to an unrealized tab, it keeps
    /// a search until the tab is realized and its page has loaded, without realizing it.
    func testFindTabHelperOnAnUnrealizedTabSearchesOnceItIsRealized() {
        onMainActor {
            server.route("/fox", .page(title: "Fox", body: "<p>fox</p><p>fox</p><p>fox</p>"))
            let url = server.url("/fox")
            let metadata = WebStateMetadata(
                creationTime: Date(), lastActiveTime: Date(), title: "Fox", url: url, navigationItemCount: 1)
            let webState = WebState(
                context: makePersistentContext(), id: .newUnique(), metadata: metadata,
                loaders: .init(
                    storage: {
                        WebStateStorage(
                            metadata: metadata,
                            navigation: NavigationHistory(
                                items: [NavigationItem(url: url, title: "Fox")], lastCommittedItemIndex: 0))
                    }, nativeSessionState: { nil }))
            defer { webState.close() }
            let created = engine.webViewsCreated
            let helper = FindTabHelper.attach(to: webState)
            let results = FindResults()
            helper.responseDelegate = results
            helper.find("fox")
            XCTAssertFalse(webState.isRealized, "the helper never realizes its tab")
            XCTAssertFalse(helper.currentPageSupportsFindInPage)
            XCTAssertEqual(engine.webViewsCreated, created)
            XCTAssertTrue(results.counts.isEmpty)

            webState.forceRealized()
            XCTAssertTrue(helper.currentPageSupportsFindInPage)
            wait("the search") { !results.counts.isEmpty }
            XCTAssertEqual(results.counts, [3], "searched the loaded page, once")
            XCTAssertEqual(helper.matchCount, 3)
            helper.findNext()
            helper.findPrevious()
            helper.find("FOX", options: [.caseSensitive])
            wait("the case-sensitive search") { results.counts.count == 2 }
            XCTAssertEqual(results.counts.last, 0, "the moves' answers do not complete the new search")
            helper.dismiss()
            XCTAssertNil(helper.searchText)
            XCTAssertEqual(helper.matchCount, 0)
        }
    }
}

/// Collects a FindTabHelper's results.
@MainActor
final class FindResults: FindTabHelper.ResponseDelegate {
    var counts: [Int] = []
    func findTabHelper(_ helper: FindTabHelper, didFind matchCount: Int, for text: String) {
        counts.append(matchCount)
    }
}
