import Foundation
import GRDB
import History
import Testing
import Web

/// `addImportedVisits`: another browser's visits, with their times, once.
@MainActor
struct HistoryImportTests {
    static func visit(
        _ path: String, _ seconds: Double, _ core: PageTransition = .link, title: String = ""
    ) -> ImportedVisit {
        ImportedVisit(
            url: URL(string: "https://example.test/\(path)")!, title: title,
            time: Date(timeIntervalSince1970: seconds), transition: core)
    }

    static let visits = [
        visit("a", 1_600_000_000.123456, .typed, title: "Tom & Jerry <b>"),
        visit("b", 1_600_000_001, title: "Zürich 日本"),
        visit("a", 1_600_000_002, .link, title: "A again"),
        visit("a", 1_600_000_002, .link),  // the same visit twice in one import
        ImportedVisit(
            url: URL(string: "about:blank")!, title: "", time: Date(timeIntervalSince1970: 1_600_000_003),
            transition: .link),
    ]

    @Test func visitsKeepTheirTimesCountTypedOnesAndAreCommitted() async throws {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        let log = HistoryObserverLog()
        service.addObserver(log)
        var fractions: [Double] = []
        let counts = await service.addImportedVisits(Self.visits) { fractions.append($0) }
        await service.waitForPendingWork()

        #expect(counts == HistoryImportCounts(added: 3, alreadyPresent: 1, refused: 1, pagesAdded: 2))
        #expect(fractions.last == 1)
        // Committed at once, not ten seconds later.
        let expected: [String: [Int]] = [
            "https://example.test/a": [2, 1, 0], "https://example.test/b": [1, 0, 0],
        ]
        #expect(try fixture.committedCounts() == expected)
        let times = try fixture.committed { db in
            try Int64.fetchAll(db, sql: "SELECT visit_time FROM visits ORDER BY visit_time")
        }
        #expect(times == [13_244_473_600_123_456, 13_244_473_601_000_000, 13_244_473_602_000_000])
        let entries = await service.queryHistory("", options: HistoryQueryOptions())
        #expect(entries.map(\.title) == ["A again", "Zürich 日本", "A again"])
        #expect(entries.allSatisfy { $0.transition.has(.chainEnd) && $0.transition.has(.chainStart) })
        // The observers (the location bar's index) hear once, of both pages, and no visit one by one.
        #expect(log.modified.map { $0.map(\.url.lastPathComponent) } == [["a", "b"]])
        #expect(log.visited.isEmpty)
        service.shutdown()
    }

    @Test func importingTheSameVisitsAgainAddsNothing() async throws {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        await service.addImportedVisits(Self.visits)
        let log = HistoryObserverLog()
        service.addObserver(log)
        let again = await service.addImportedVisits(Self.visits)
        #expect(again == HistoryImportCounts(added: 0, alreadyPresent: 4, refused: 1, pagesAdded: 0))
        #expect(log.modified.isEmpty)
        #expect(try fixture.committedCounts()["https://example.test/a"] == [2, 1, 0])
        // A visit recorded by browsing stays as it is; an import adds beside it.
        fixture.now = Date(timeIntervalSince1970: 1_600_000_010)
        fixture.visit(service, "https://example.test/b")
        let later = await service.addImportedVisits([Self.visit("b", 1_600_000_020)])
        #expect(later.added == 1)
        await service.flush()
        #expect(try fixture.committedCounts()["https://example.test/b"] == [3, 0, 0])
        service.shutdown()
    }

    @Test func manyVisitsGoInStepsAndSayHowFarTheyGot() async throws {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        let visits = (0..<12_000).map { Self.visit("p\($0 % 3000)", 1_600_000_000 + Double($0)) }
        var fractions: [Double] = []
        let counts = await service.addImportedVisits(visits) { fractions.append($0) }
        #expect(counts.added == 12_000 && counts.pagesAdded == 3000)
        let steps: [Double] = [5000.0 / 12_000, 10_000.0 / 12_000, 1]
        #expect(fractions == steps)
        #expect(await service.committedBatchCount() == 1)
        service.shutdown()
    }
}
