import Foundation
import LocalHTTPServer
import Web
import WebKitEngine
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
}
