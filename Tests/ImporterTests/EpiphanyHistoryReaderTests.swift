import Foundation
import GRDB
import History
import Importer
import Testing
import Web

/// Visits from an `ephy-history.db` the tests build with GNOME Web's schema.
struct EpiphanyHistoryReaderTests {
    /// lib/history/ephy-history-service-{hosts,urls,visits}-table.c.
    static let schema = """
        CREATE TABLE hosts (id INTEGER PRIMARY KEY,url LONGVARCAR,title LONGVARCAR,
          visit_count INTEGER DEFAULT 0 NOT NULL,zoom_level REAL DEFAULT 0.0);
        CREATE TABLE urls (id INTEGER PRIMARY KEY,host INTEGER NOT NULL REFERENCES hosts(id) ON DELETE CASCADE,
          url LONGVARCAR,title LONGVARCAR,sync_id LONGVARCAR,visit_count INTEGER DEFAULT 0 NOT NULL,
          typed_count INTEGER DEFAULT 0 NOT NULL,last_visit_time INTEGER,thumbnail_update_time INTEGER DEFAULT 0,
          hidden_from_overview INTEGER DEFAULT 0,pinned INTEGER DEFAULT 0 NOT NULL);
        CREATE TABLE visits (id INTEGER PRIMARY KEY,url INTEGER NOT NULL REFERENCES urls(id) ON DELETE CASCADE,
          visit_time INTEGER NOT NULL,visit_type INTEGER NOT NULL,referring_visit INTEGER);
        """

    static func time(_ seconds: Int64) -> Int64 { seconds * 1_000_000 + 999_999 }

    @Test func visitsComeInWithTheirTypesAndTimes() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appending(path: "ephy-history.db")
        let writer = try DatabaseQueue(path: file.path)
        try writer.write { db in
            try db.execute(sql: Self.schema)
            try db.execute(
                sql: "INSERT INTO hosts (id, url, title) VALUES (1, 'https://example.com', 'example.com')")
            try db.execute(
                sql: """
                    INSERT INTO urls (id, host, url, title, visit_count, typed_count, last_visit_time, hidden_from_overview)
                    VALUES (1, 1, 'https://example.com/a?b=1&c=<2>', 'Fish & Chips <b>', 9, 9, 0, 1),
                           (2, 1, 'https://example.com/%C3%A9t%C3%A9', 'Été 日本', 1, 0, 0, 0),
                           (3, 1, 'about:overview', 'Most Visited', 1, 0, 0, 0)
                    """)
            let visits: [(Int64, Int64, Int)] = [
                (1, Self.time(1_710_000_001), 1), (2, Self.time(1_710_000_002), 2),
                (1, Self.time(1_710_000_003), 8),
                (1, Self.time(1_710_000_004), 9), (1, Self.time(1_710_000_005), 0),
                (2, Self.time(1_710_000_006), 5),
                (3, Self.time(1_710_000_007), 1),
            ]
            for visit in visits {
                try db.execute(
                    sql: "INSERT INTO visits (url, visit_time, visit_type) VALUES (?, ?, ?)",
                    arguments: [visit.0, visit.1, visit.2])
            }
        }

        let history = try EpiphanyHistoryReader(historyFile: file).history()

        /// | url | second | transition |
        let expected: [(String, Int64, PageTransition)] = [
            ("https://example.com/a?b=1&c=%3C2%3E", 1_710_000_001, .link),
            ("https://example.com/%C3%A9t%C3%A9", 1_710_000_002, .typed),
            ("https://example.com/a?b=1&c=%3C2%3E", 1_710_000_003, .autoBookmark),
            (
                "https://example.com/a?b=1&c=%3C2%3E", 1_710_000_004,
                PageTransition.autoBookmark.adding(.homePage)
            ),
        ]
        #expect(history.visits.count == expected.count)
        for (visit, (url, second, core)) in zip(history.visits, expected) {
            #expect(visit.url.absoluteString == url)
            #expect(seconds(visit.time) == second)
            #expect(visit.transition == core.adding(.chainStart).adding(.chainEnd))
        }
        #expect(
            history.visits.map(\.title) == [
                "Fish & Chips <b>", "Été 日本", "Fish & Chips <b>", "Fish & Chips <b>",
            ])
        #expect(history.urls.map(\.visitCount) == [3, 1], "the visits that came in, not GNOME Web's counts")
        #expect(history.urls.map(\.typedCount) == [0, 1])
        #expect(
            history.urls.map(\.hidden) == [false, false], "hidden_from_overview only leaves the start page")
        #expect(history.urls.map { seconds($0.lastVisit) } == [1_710_000_004, 1_710_000_002])
        #expect(history.skipped == [.unknownVisitType: 2, .notAPage: 1])
    }
}
