import Foundation
import GRDB
import History
import Testing
import Web

@MainActor
struct HistoryServiceTests {
    @Test func theFileHasChromiumsTablesIndexesVersionAndTimes() async throws {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        fixture.visit(service, "https://example.test/a", .typed, title: "A")
        await service.flush()

        try fixture.committed { db in
            let names = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master ORDER BY name")
            #expect(
                Set(names).isSuperset(of: [
                    "meta", "urls", "visits", "urls_url_index", "visits_url_index", "visits_time_index",
                    "visits_from_index",
                ]))
            let meta = try Row.fetchAll(db, sql: "SELECT key, value FROM meta ORDER BY key").map {
                "\($0[0] as String)=\($0[1] as String)"
            }
            #expect(meta == ["last_compatible_version=1", "version=2"])
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
            // 1_700_000_000 s after 1970 is 13_344_473_600 s after 1601.
            #expect(try Int64.fetchOne(db, sql: "SELECT visit_time FROM visits") == 13_344_473_600_000_000)
            #expect(try Int64.fetchOne(db, sql: "SELECT last_visit_time FROM urls") == 13_344_473_600_000_000)
            #expect(try String.fetchOne(db, sql: "SELECT title FROM urls") == "A")
        }
        service.shutdown()
    }

    @Test(arguments: [
        // The second visit's transition, and the page's visit_count and typed_count after it.
        (PageTransition.link, 2, 0),
        (.typed, 2, 1),
        (.formSubmit, 2, 0),
        (.autoBookmark, 2, 0),
        (.reload, 1, 0),
        (PageTransition.link.adding(.forwardBack), 1, 0),
        (PageTransition.typed.adding(.forwardBack), 1, 0),
    ])
    func whatASecondVisitAddsToTheCounts(
        transition: PageTransition, visitCount: Int, typedCount: Int
    ) async throws {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        fixture.visit(service, "https://example.test/", .link)
        fixture.visit(service, "https://example.test/", transition)
        await service.flush()

        #expect(try fixture.committedCounts() == ["https://example.test/": [visitCount, typedCount, 0]])
        let entries = await service.queryHistory("", options: HistoryQueryOptions())
        #expect(entries.map(\.transition.core) == [transition.core, .link])
        service.shutdown()
    }

    @Test func redirectHopsAreRecordedHiddenAndUncountedAndChainedToTheirPage() async throws {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        let log = HistoryObserverLog()
        service.addObserver(log)
        fixture.visit(
            service, "https://www.example.test/home", .typed,
            redirects: ["http://example.test/", "https://example.test/", "https://www.example.test/home"])
        await service.flush()

        #expect(
            try fixture.committedCounts() == [
                "http://example.test/": [0, 0, 1], "https://example.test/": [0, 0, 1],
                "https://www.example.test/home": [1, 1, 0],
            ])
        let visits = try fixture.committed { db in
            try Row.fetchAll(db, sql: "SELECT id, from_visit, transition FROM visits ORDER BY id").map {
                (row: Row) -> [Int64] in [row[0], row[1], row[2]]
            }
        }
        let start = PageTransition.typed.adding(.chainStart)
        let hop = PageTransition.typed.adding(.serverRedirect)
        let end = hop.adding(.chainEnd)
        #expect(
            visits == [
                [1, 0, Int64(start.rawValue)], [2, 1, Int64(Int32(bitPattern: hop.rawValue))],
                [3, 2, Int64(Int32(bitPattern: end.rawValue))],
            ])
        let entries = await service.queryHistory("", options: HistoryQueryOptions())
        #expect(entries.map(\.url.absoluteString) == ["https://www.example.test/home"])
        #expect(entries.first?.transition == end)
        #expect(log.visited.map(\.0.url.absoluteString) == ["https://www.example.test/home"])
        service.shutdown()
    }

    @Test func aVisitComesFromTheReferrersLatestVisit() async {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        let log = HistoryObserverLog()
        service.addObserver(log)
        fixture.visit(service, "https://example.test/list")
        fixture.visit(service, "https://example.test/item", referrer: "https://example.test/list")
        fixture.visit(service, "https://example.test/other", referrer: "https://unknown.test/")
        await service.waitForPendingWork()

        #expect(log.visited.map(\.1.referringVisit) == [0, log.visited[0].1.id, 0])
        service.shutdown()
    }

    @Test func aVisitOfAHiddenPageIsKeptOutOfListsUntilItIsVisitedVisibly() async throws {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        service.addPage(
            HistoryAddPageArgs(
                url: URL(string: "https://example.test/frame")!, time: fixture.now, transition: .link,
                hidden: true))
        await service.waitForPendingWork()
        #expect(await service.queryHistory("", options: HistoryQueryOptions()).isEmpty)

        fixture.visit(service, "https://example.test/frame")
        await service.flush()
        #expect(await service.queryHistory("", options: HistoryQueryOptions()).count == 2)
        #expect(try fixture.committedCounts()["https://example.test/frame"]?[2] == 0)
        service.shutdown()
    }

    @Test func titlesComeWithTheVisitAndLater() async {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        let log = HistoryObserverLog()
        service.addObserver(log)
        fixture.visit(service, "https://example.test/", title: "First")
        service.setPageTitle("Second", for: URL(string: "https://example.test/")!)
        service.setPageTitle("Second", for: URL(string: "https://example.test/")!)
        service.setPageTitle("Never visited", for: URL(string: "https://other.test/")!)
        await service.waitForPendingWork()

        #expect(log.visited.map(\.0.title) == ["First"])
        #expect(log.modified.map { $0.map(\.title) } == [["Second"]])
        #expect(await service.queryHistory("", options: HistoryQueryOptions()).map(\.title) == ["Second"])
        service.shutdown()
    }

    @Test(arguments: [
        // A search, and the pages it finds (newest first).
        ("", ["https://news.test/b", "https://docs.test/swift", "https://news.test/a"]),
        ("news", ["https://news.test/b", "https://news.test/a"]),
        ("SWIFT", ["https://docs.test/swift"]),
        ("guide", ["https://docs.test/swift"]),
        ("swift guide", ["https://docs.test/swift"]),
        ("swift news", []),
        ("  Morning   ", ["https://news.test/a"]),
        ("100%", []),
        ("_", []),
    ])
    func aSearchMatchesEveryWordInTheTitleOrTheURL(text: String, urls: [String]) async {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        fixture.visit(service, "https://news.test/a", title: "Morning edition")
        fixture.visit(service, "https://docs.test/swift", title: "The Guide")
        fixture.visit(service, "https://news.test/b", title: "Evening edition")

        let entries = await service.queryHistory(text, options: HistoryQueryOptions())
        #expect(entries.map(\.url.absoluteString) == urls)
        service.shutdown()
    }

    @Test func pagesEndWhereTheLastPageStopped() async {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        let start = fixture.now
        for index in 0..<5 { fixture.visit(service, "https://example.test/\(index)") }

        let first = await service.queryHistory("", options: HistoryQueryOptions(maxCount: 2))
        #expect(first.map(\.url.lastPathComponent) == ["4", "3"])
        let second = await service.queryHistory(
            "", options: HistoryQueryOptions(end: first.last?.visitTime, maxCount: 2))
        #expect(second.map(\.url.lastPathComponent) == ["2", "1"])
        let third = await service.queryHistory(
            "", options: HistoryQueryOptions(end: second.last?.visitTime, maxCount: 2))
        #expect(third.map(\.url.lastPathComponent) == ["0"])
        let middle = await service.queryHistory(
            "", options: HistoryQueryOptions(begin: start + 1, end: start + 3))
        #expect(middle.map(\.url.lastPathComponent) == ["2", "1"])
        #expect(first.map(\.visitTime) == [start + 4, start + 3])
        service.shutdown()
    }

    @Test func significantPagesAreTypedOftenOrRecentlyVisitedAndNotHidden() async {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        fixture.visit(service, "https://typed.test/", .typed)
        for _ in 0..<4 { fixture.visit(service, "https://often.test/") }
        for _ in 0..<3 { fixture.visit(service, "https://thrice.test/") }
        fixture.visit(
            service, "https://landed.test/", .typed, redirects: ["https://hop.test/", "https://landed.test/"])
        fixture.now += 3 * 24 * 60 * 60 + 1
        fixture.visit(service, "https://recent.test/")

        let significant = await service.querySignificantURLs()
        #expect(
            significant.map(\.url.absoluteString) == [
                "https://landed.test/", "https://typed.test/", "https://recent.test/", "https://often.test/",
            ])
        service.shutdown()
    }

    @Test func mostVisitedPagesComeMostVisitedFirst() async {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        for (url, visits) in [("https://a.test/", 2), ("https://b.test/", 5), ("https://c.test/", 2)] {
            for _ in 0..<visits { fixture.visit(service, url) }
        }
        fixture.visit(service, "https://d.test/", .reload)

        let top = await service.queryMostVisitedURLs(count: 3)
        #expect(top.map(\.url.absoluteString) == ["https://b.test/", "https://c.test/", "https://a.test/"])
        #expect(top.map(\.visitCount) == [5, 2, 2])
        #expect(await service.queryMostVisitedURLs(count: 1).count == 1)
        service.shutdown()
    }

    @Test func deletingVisitsRecountsTheirPagesAndDropsPagesLeftWithoutVisits() async throws {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        let log = HistoryObserverLog()
        service.addObserver(log)
        fixture.visit(service, "https://kept.test/", .typed)
        fixture.visit(service, "https://kept.test/", .link)
        fixture.visit(service, "https://gone.test/")
        let entries = await service.queryHistory("", options: HistoryQueryOptions())

        await service.deleteVisits([entries[0].id, entries[2].id])

        #expect(try fixture.committedCounts() == ["https://kept.test/": [1, 0, 0]])
        #expect(log.deleted.count == 1)
        #expect(log.deleted.first?.deletedRows.map(\.url.absoluteString) == ["https://gone.test/"])
        #expect(Set(log.deleted.first?.deletedVisitIDs ?? []) == [entries[0].id, entries[2].id])
        #expect(await service.queryHistory("", options: HistoryQueryOptions()).map(\.id) == [entries[1].id])
        service.shutdown()
    }

    @Test func deletingPagesAndHostsTakesEveryVisitOfThem() async throws {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        let log = HistoryObserverLog()
        service.addObserver(log)
        for url in [
            "https://site.test/a", "http://site.test:8080/b", "https://Site.test/c", "https://other.test/",
            "https://sub.site.test/", "https://page.test/x",
        ] {
            fixture.visit(service, url)
            fixture.visit(service, url)
        }

        await service.deleteURLs([URL(string: "https://page.test/x")!, URL(string: "https://never.test/")!])
        await service.deleteHost("site.test")

        #expect(Set(try fixture.committedCounts().keys) == ["https://other.test/", "https://sub.site.test/"])
        #expect(log.deleted.map(\.deletedRows.count) == [1, 3])
        #expect(log.deleted.map(\.deletedVisitIDs.count) == [2, 6])
        service.shutdown()
    }

    @Test func expiringBetweenTwoTimesKeepsTheRest() async throws {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        let log = HistoryObserverLog()
        service.addObserver(log)
        let start = fixture.now
        for index in 0..<4 { fixture.visit(service, "https://example.test/\(index)") }
        fixture.visit(service, "https://example.test/0")

        await service.expireHistoryBetween(start + 1, start + 3)
        #expect(
            await service.queryHistory("", options: HistoryQueryOptions()).map(\.url.lastPathComponent) == [
                "0", "3", "0",
            ])
        await service.expireHistoryBetween(nil, start + 1)
        #expect(
            try fixture.committedCounts() == [
                "https://example.test/0": [1, 0, 0], "https://example.test/3": [1, 0, 0],
            ])
        await service.expireHistoryBetween(start + 4, nil)
        #expect(try fixture.committedCounts() == ["https://example.test/3": [1, 0, 0]])
        await service.expireHistoryBetween(nil, nil)
        #expect(try fixture.committedCounts().isEmpty)
        #expect(log.deleted.map(\.isAllHistory) == [false, false, false, true])
        service.shutdown()
    }

    @Test func historyOutlivesTheService() async {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        fixture.visit(service, "https://example.test/", .typed, title: "Example")
        service.shutdown()

        let reopened = fixture.makeService()
        let entries = await reopened.queryHistory("", options: HistoryQueryOptions())
        #expect(entries.map(\.title) == ["Example"])
        #expect(await reopened.querySignificantURLs().map(\.typedCount) == [1])
        #expect(reopened.problem == nil)
        reopened.shutdown()
    }

    @Test func anObserverIsHeldWeaklyAndCanBeRemoved() async {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        let kept = HistoryObserverLog()
        let removed = HistoryObserverLog()
        var released: HistoryObserverLog? = HistoryObserverLog()
        weak let weakReleased = released
        service.addObserver(kept)
        service.addObserver(removed)
        service.addObserver(released!)
        released = nil
        service.removeObserver(removed)
        fixture.visit(service, "https://example.test/")
        await service.waitForPendingWork()

        #expect(weakReleased == nil)
        #expect(kept.visited.count == 1)
        #expect(removed.visited.isEmpty)
        service.shutdown()
    }
}
