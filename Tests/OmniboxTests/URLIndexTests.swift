import Foundation
import History
import Testing
import Web

@testable import Omnibox

/// The in-memory index of history: which rows it holds, and how it follows history.
@MainActor
struct URLIndexTests {
    /// A row and whether the index offers it.
    struct Significance: CustomTestStringConvertible, Sendable {
        let name: String
        let row: URLRow
        let offered: Bool
        var testDescription: String { name }
    }

    nonisolated static let significance: [Significance] = [
        Significance(
            name: "typed once, long ago", row: row("https://a.test/page", visits: 1, typed: 1, daysAgo: 300),
            offered: true),
        Significance(
            name: "four visits, long ago", row: row("https://a.test/page", visits: 4, daysAgo: 300),
            offered: true),
        Significance(
            name: "three visits, long ago", row: row("https://a.test/page", visits: 3, daysAgo: 300),
            offered: false),
        Significance(
            name: "one visit, two days ago", row: row("https://a.test/page", visits: 1, daysAgo: 2),
            offered: true),
        Significance(
            name: "one visit, four days ago", row: row("https://a.test/page", visits: 1, daysAgo: 4),
            offered: false),
        Significance(
            name: "hidden", row: row("https://a.test/page", visits: 9, typed: 2, hidden: true), offered: false
        ),
        Significance(
            name: "only ever a redirect hop (no visit counted)", row: row("https://a.test/page", visits: 0),
            offered: false),
    ]

    @Test(arguments: significance)
    func offersTheSignificantRowsOnly(_ significance: Significance) async {
        let controller = await makeController([significance.row])
        #expect(controller.historyContents("page") == (significance.offered ? ["a.test/page"] : []))
    }

    @Test func followsTheVisitsThatArriveWhileItIsBuilt() async {
        let index = URLIndex(now: { testNow })
        await index.rebuild {
            // A visit reported while the rows are read is in the index once it is done.
            index.urlVisited(
                row("https://new.test/page", visits: 1, typed: 1),
                visit: VisitRow(urlID: 2, visitTime: testNow, transition: .typed))
            return [row("https://old.test/page", visits: 5)]
        }
        #expect(index.isLoaded && index.count == 2)
    }

    @Test(arguments: [
        // (transition, the row as the history service reports it, whether the page is offered)
        (PageTransition.typed, row("https://new.test/page", visits: 1, typed: 1), true),
        (.link, row("https://new.test/page", visits: 1), true),
        (
            PageTransition.link.adding(.serverRedirect).adding(.chainEnd),
            row("https://new.test/page", visits: 1), true
        ),
        // A redirect hop counts no visit; a subframe is hidden.
        (PageTransition.link.adding(.serverRedirect), row("https://new.test/page", visits: 0), false),
        (.autoSubframe, row("https://new.test/page", visits: 1, hidden: true), false),
    ])
    func aVisitAddsItsPage(transition: PageTransition, visited: URLRow, offered: Bool) async {
        let index = await makeIndex([])
        index.urlVisited(visited, visit: VisitRow(urlID: 1, visitTime: testNow, transition: transition))
        let provider = HistoryQuickProvider(index: index, now: { testNow })
        #expect(provider.start(AutocompleteInput(text: "page")).isEmpty == !offered)
    }

    @Test func aVisitMovesAPageUp() async {
        let index = await makeIndex([
            row("https://a.test/page", visits: 4), row("https://b.test/page", visits: 5),
        ])
        let controller = AutocompleteController(providers: [
            HistoryQuickProvider(index: index, now: { testNow })
        ])
        #expect(controller.historyContents("page x").isEmpty)
        #expect(controller.contents("page", preventInline: true) == ["b.test/page", "a.test/page"])
        for _ in 0..<3 {
            index.urlVisited(
                row("https://a.test/page", visits: 7, typed: 3),
                visit: VisitRow(urlID: 1, visitTime: testNow, transition: .typed))
        }
        #expect(controller.contents("page", preventInline: true) == ["a.test/page", "b.test/page"])
    }

    @Test func aNewTitleIsFound() async {
        let index = await makeIndex([row("https://a.test/page", "Old", visits: 5)])
        let controller = AutocompleteController(providers: [
            HistoryQuickProvider(index: index, now: { testNow })
        ])
        index.urlsModified([row("https://a.test/page", "Fresh news", visits: 5)])
        #expect(controller.historyContents("fresh") == ["a.test/page"])
        #expect(controller.historyContents("old").isEmpty)
    }

    @Test func deletionsLeaveTheIndex() async {
        let index = await makeIndex([
            row("https://a.test/page", visits: 5), row("https://b.test/page", visits: 5),
        ])
        let controller = AutocompleteController(providers: [
            HistoryQuickProvider(index: index, now: { testNow })
        ])
        index.urlsDeleted([URL(string: "https://a.test/page")!])
        #expect(controller.historyContents("page") == ["b.test/page"])
        index.allDeleted()
        #expect(controller.historyContents("page").isEmpty && index.count == 0)
        // A freed slot is used again.
        index.urlVisited(
            row("https://c.test/page", visits: 1),
            visit: VisitRow(urlID: 3, visitTime: testNow, transition: .link))
        #expect(controller.historyContents("page") == ["c.test/page"])
    }

    @Test func atMostFiveHundredCandidatesAreScoredTheMostSignificantKept() async {
        // 600 pages: the 500 kept are those typed most, then visited most, then latest.
        let rows = (0..<600).map { i in
            row("https://s\(i).test/page", visits: 4 + i % 7, typed: i % 3, daysAgo: Double(i) / 1000)
        }
        let index = await makeIndex(rows)
        let candidates = index.candidates(for: [Array("page".utf8)])
        #expect(candidates.count == AutocompleteConstants.itemsToScoreLimit)
        let key = { (row: URLRow) in (row.typedCount, row.visitCount, row.lastVisit) }
        let kept = Set(candidates.map(\.row.url))
        let sorted = rows.sorted { key($0) > key($1) }
        #expect(Set(sorted.prefix(500).map(\.url)) == kept)
    }
}

extension URLIndexTests {
    @Test func theCandidatesOfAFirstLetterFollowVisitsAndDeletions() async {
        let rows = (0..<600).map { row("https://s\($0).test/page", visits: 4 + $0 % 50) }
        let index = await makeIndex(rows)
        let new = URL(string: "https://new.test/pear")!
        #expect(!index.candidates(for: [Array("p".utf8)]).contains { $0.row.url == new })
        index.urlVisited(
            row(new.absoluteString, visits: 1, typed: 1),
            visit: VisitRow(urlID: 601, visitTime: testNow, transition: .typed))
        for query in ["p", "pe"] {
            #expect(index.candidates(for: [Array(query.utf8)]).contains { $0.row.url == new }, "\(query)")
        }
        index.urlsDeleted([new])
        #expect(!index.candidates(for: [Array("p".utf8)]).contains { $0.row.url == new })
        #expect(index.candidates(for: [Array("p".utf8)]).count == AutocompleteConstants.itemsToScoreLimit)
    }
}
