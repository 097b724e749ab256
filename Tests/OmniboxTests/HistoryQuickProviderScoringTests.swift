import Foundation
import History
import Testing

@testable import Omnibox

/// The ranking of history rows, after Chromium's scored_history_match.cc: where the words
/// match, how often and how lately the page was visited, and the ties.
@MainActor
struct HistoryQuickProviderScoringTests {
    @Test(arguments: [
        // (days ago, weight of a visit)
        (0.0, 1.0), (4, 1.0), (9, 0.85), (14, 0.7), (22.5, 0.6), (31, 0.5), (90, 0.3), (365, 0.1),
        (2000, 0.1),
    ])
    func aVisitCountsLessWithAge(daysAgo: Double, weight: Double) {
        #expect(abs(URLIndexEntry.recency(daysAgo: daysAgo) - weight) < 1e-9)
    }

    @Test(arguments: [
        // (visits, typed, days ago, frequency): the last 10 visits, typed ones ×1.5, scaled by
        // their number out of 10
        (1, 0, 0.0, 0.1), (1, 1, 0, 0.15), (10, 0, 0, 10), (10, 10, 0, 15), (40, 0, 0, 10), (5, 0, 31, 1.25),
    ])
    func frequencyComesFromTheLastTenVisits(visits: Int, typed: Int, daysAgo: Double, frequency: Double) {
        let entry = URLIndexEntry(row: row("https://a.test/", visits: visits, typed: typed, daysAgo: daysAgo))
        #expect(abs(entry.frequency(now: testNow) - frequency) < 1e-9)
    }

    /// A case of the ranking table: the rows (visits, typed count, days since the last visit),
    /// what is typed, the history rows expected in order.
    struct Ranking: CustomTestStringConvertible, Sendable {
        let name: String
        let rows: [URLRow]
        let typed: String
        let expected: [String]
        var testDescription: String { name }
    }

    nonisolated static let rankings: [Ranking] = [
        Ranking(
            name: "the start of the host beats the middle of a host word",
            rows: [row("https://gmail.test/"), row("https://mail.test/")], typed: "mail",
            expected: ["mail.test", "gmail.test"]),
        Ranking(
            name: "the start of a host word beats the middle of one",
            rows: [row("https://hotmail.test/"), row("https://web.mail.test/")], typed: "mail",
            expected: ["web.mail.test", "hotmail.test"]),
        Ranking(
            name: "the middle of a path or title word matches nothing",
            rows: [row("https://a.test/email", "Webmail"), row("https://b.test/mail-box")], typed: "mail",
            expected: ["b.test/mail-box"]),
        Ranking(
            name: "a title word counts",
            rows: [row("https://a.test/x", "Rust book"), row("https://b.test/y", "Swift book")],
            typed: "rust",
            expected: ["a.test/x"]),
        Ranking(
            name: "more visits beat fewer",
            rows: [row("https://a.test/page", visits: 2), row("https://b.test/page", visits: 9)],
            typed: "page",
            expected: ["b.test/page", "a.test/page"]),
        Ranking(
            name: "a typed visit is worth more",
            rows: [row("https://a.test/page", visits: 2), row("https://b.test/page", visits: 2, typed: 1)],
            typed: "page", expected: ["b.test/page", "a.test/page"]),
        Ranking(
            name: "recent beats old",
            rows: [
                row("https://a.test/page", visits: 5, daysAgo: 60),
                row("https://b.test/page", visits: 5, daysAgo: 1),
            ], typed: "page", expected: ["b.test/page", "a.test/page"]),
        Ranking(
            name: "every term must match",
            rows: [row("https://a.test/red/car"), row("https://b.test/red/bike")], typed: "red car",
            expected: ["a.test/red/car"]),
        Ranking(
            name: "a tie goes to the more typed",
            rows: [
                row("https://a.test/page", visits: 20, typed: 12),
                row("https://b.test/page", visits: 20, typed: 15),
            ], typed: "page", expected: ["b.test/page", "a.test/page"]),
        Ranking(
            name: "then to the more visited",
            rows: [row("https://a.test/page", visits: 20), row("https://b.test/page", visits: 30)],
            typed: "page",
            expected: ["b.test/page", "a.test/page"]),
        Ranking(
            name: "then to the more recent",
            rows: [
                row("https://a.test/page", visits: 5, daysAgo: 2),
                row("https://b.test/page", visits: 5, daysAgo: 1),
            ], typed: "page", expected: ["b.test/page", "a.test/page"]),
    ]

    @Test(arguments: rankings)
    func ranks(_ ranking: Ranking) async {
        let controller = await makeController(ranking.rows)
        // Not inline-completed ("mail" does not start "gmail.test"), so the order is the score's.
        let input = AutocompleteInput(text: ranking.typed, preventInlineAutocomplete: true)
        let history = controller.start(input).matches.filter { $0.type == .historyURL }.map(\.contents)
        #expect(history == ranking.expected)
    }

    @Test func theTiesAreTrueTies() async {
        let provider = HistoryQuickProvider(
            index: await makeIndex([
                row("https://a.test/page", visits: 20), row("https://b.test/page", visits: 30),
            ]), now: { testNow })
        let matches = provider.start(AutocompleteInput(text: "page", preventInlineAutocomplete: true))
        #expect(matches.count == 2 && matches[0].relevance == matches[1].relevance)
    }

    @Test func theMatchedPartsAreBold() async {
        let controller = await makeController([row("https://mail.test/inbox/mail", "My mail and more mail")])
        let match = try! #require(controller.start(AutocompleteInput(text: "mail")).matches.first)
        #expect(match.contents == "mail.test/inbox/mail")
        #expect(match.contentsMatches == [0..<4, 16..<20])
        #expect(match.descriptionMatches == [3..<7, 17..<21])
    }

    @Test func boldPartsAreUTF8Offsets() async {
        let controller = await makeController([row("https://a.test/x", "Café crème")])
        let match = try! #require(
            controller.start(AutocompleteInput(text: "crè")).matches.first { $0.type == .historyURL })
        #expect(match.descriptionMatches == [6..<10])
        #expect(Array(match.description.utf8)[6..<10] == Array("crè".utf8)[...])
    }
}
