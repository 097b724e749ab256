import Foundation
import GRDB
import History
import Importer
import Testing
import Web

/// Visits from a Chromium `History` the tests build with Chromium's schema, read while the
/// writer holds it in exclusive locking mode as Chromium does.
struct ChromiumHistoryReaderTests {
    /// components/history/core/browser/url_database.cc and visit_database.cc, version 69.
    static let schema = """
        CREATE TABLE meta(key LONGVARCHAR NOT NULL UNIQUE PRIMARY KEY, value LONGVARCHAR);
        CREATE TABLE urls(id INTEGER PRIMARY KEY AUTOINCREMENT,url LONGVARCHAR,title LONGVARCHAR,
          visit_count INTEGER DEFAULT 0 NOT NULL,typed_count INTEGER DEFAULT 0 NOT NULL,
          last_visit_time INTEGER NOT NULL,hidden INTEGER DEFAULT 0 NOT NULL);
        CREATE TABLE visits(id INTEGER PRIMARY KEY AUTOINCREMENT,url INTEGER NOT NULL,
          visit_time INTEGER NOT NULL,from_visit INTEGER,external_referrer_url TEXT,
          transition INTEGER DEFAULT 0 NOT NULL,segment_id INTEGER,visit_duration INTEGER DEFAULT 0 NOT NULL,
          incremented_omnibox_typed_score BOOLEAN DEFAULT FALSE NOT NULL,opener_visit INTEGER,
          originator_cache_guid TEXT,originator_visit_id INTEGER,originator_from_visit INTEGER,
          originator_opener_visit INTEGER,is_known_to_sync BOOLEAN DEFAULT FALSE NOT NULL,
          consider_for_ntp_most_visited BOOLEAN DEFAULT FALSE NOT NULL,visited_link_id INTEGER DEFAULT 0 NOT NULL,
          app_id TEXT);
        CREATE INDEX urls_url_index ON urls (url);
        CREATE INDEX visits_url_index ON visits (url);
        CREATE INDEX visits_from_index ON visits (from_visit);
        CREATE INDEX visits_time_index ON visits (visit_time);
        INSERT INTO meta VALUES ('version', '69'), ('last_compatible_version', '16');
        """

    /// Microseconds since 1601 of `seconds` since 1970, with a fraction.
    static func time(_ seconds: Int64) -> Int64 { (seconds + 11_644_473_600) * 1_000_000 + 123_457 }

    static let single = PageTransition.chainStart.rawValue | PageTransition.chainEnd.rawValue

    @Test func visitsComeInWithChromiumsTimesAndTransitionsUnchanged() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appending(path: "History")
        let writer = try DatabaseQueue(path: file.path)
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            try db.execute(sql: Self.schema)
            let urls: [(Int64, String, String, Int, Int, Int64, Bool)] = [
                (
                    1, "https://example.com/?q=%3Cb%3E&r=1", "Tom & Jerry <script>", 2, 1,
                    Self.time(1_650_000_002), false
                ),
                (2, "http://short.example/", "", 0, 0, Self.time(1_650_000_003), false),
                (3, "https://middle.example/", "", 0, 0, Self.time(1_650_000_003), false),
                (4, "https://final.example/z%C3%BCrich", "Zürich 日本", 1, 0, Self.time(1_650_000_003), false),
                (5, "https://frame.example/", "Frame", 0, 0, Self.time(1_650_000_004), true),
                (6, "https://untimed.example/", "Untimed", 1, 0, Self.time(1_650_000_005), false),
            ]
            for url in urls {
                try db.execute(
                    sql: "INSERT INTO urls VALUES (?, ?, ?, ?, ?, ?, ?)",
                    arguments: [url.0, url.1, url.2, url.3, url.4, url.5, url.6])
            }
            let visits: [(Int64, Int64, UInt32)] = [
                (1, Self.time(1_650_000_001), PageTransition.typed.rawValue | Self.single),
                (1, Self.time(1_650_000_002), PageTransition.link.rawValue | Self.single),
                // A redirect chain: two hops and the page that committed.
                (
                    2, Self.time(1_650_000_003),
                    PageTransition.link.rawValue | PageTransition.chainStart.rawValue
                ),
                (
                    3, Self.time(1_650_000_003),
                    PageTransition.link.rawValue | PageTransition.serverRedirect.rawValue
                ),
                (
                    4, Self.time(1_650_000_003),
                    PageTransition.link.rawValue | PageTransition.serverRedirect.rawValue
                        | PageTransition.chainEnd.rawValue
                ),
                (5, Self.time(1_650_000_004), PageTransition.autoSubframe.rawValue | Self.single),
                (6, 0, PageTransition.typed.rawValue | Self.single),
            ]
            for visit in visits {
                try db.execute(
                    sql: "INSERT INTO visits (url, visit_time, transition) VALUES (?, ?, ?)",
                    arguments: [visit.0, visit.1, Int64(visit.2)])
            }
        }
        // The writer still holds its exclusive lock: a reader of the file itself is refused.
        var direct = Configuration()
        direct.readonly = true
        #expect(throws: DatabaseError.self) {
            try DatabaseQueue(path: file.path, configuration: direct).read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM urls")
            }
        }

        let history = try ChromiumHistoryReader(historyFile: file).history()

        /// | url | title | stored time | transition |
        let expected: [(String, String, Int64, UInt32)] = [
            (
                "https://example.com/?q=%3Cb%3E&r=1", "Tom & Jerry <script>", Self.time(1_650_000_001),
                1 | Self.single
            ),
            (
                "https://example.com/?q=%3Cb%3E&r=1", "Tom & Jerry <script>", Self.time(1_650_000_002),
                Self.single
            ),
            (
                "https://final.example/z%C3%BCrich", "Zürich 日本", Self.time(1_650_000_003),
                PageTransition.serverRedirect.rawValue | PageTransition.chainEnd.rawValue
            ),
        ]
        #expect(history.visits.count == expected.count)
        for (visit, (url, title, time, transition)) in zip(history.visits, expected) {
            #expect(visit.url == URL(string: url))
            #expect(visit.title == title)
            #expect(
                ChromiumTime.microsecondsSince1601(visit.time) == time, "the same number, to the microsecond")
            #expect(seconds(visit.time) == (time / 1_000_000) - 11_644_473_600)
            #expect(visit.transition.rawValue == transition)
        }
        #expect(history.urls.map(\.title) == ["Tom & Jerry <script>", "Zürich 日本"])
        #expect(history.urls.map(\.visitCount) == [2, 1])
        #expect(history.urls.map(\.typedCount) == [1, 0])
        #expect(history.urls.map { seconds($0.lastVisit) } == [1_650_000_002, 1_650_000_003])
        #expect(history.skipped == [.redirect: 2, .hidden: 1, .noTime: 1])
        try writer.close()
    }
}

extension ChromiumHistoryReaderTests {
    /// A copy taken while Chromium is inside a transaction that has already written pages to
    /// the file: the copied `-journal` is hot, and the copy is rolled back to the last commit.
    @Test func aCopyTakenMidTransactionReadsTheLastCommit() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appending(path: "History")
        let writer = try DatabaseQueue(path: file.path)
        try writer.write { db in
            try db.execute(sql: Self.schema)
            try db.execute(
                sql: "INSERT INTO urls VALUES (1, 'https://committed.example/', 'Committed', 1, 0, ?, 0)",
                arguments: [Self.time(1_650_000_001)])
            try db.execute(
                sql: "INSERT INTO visits (url, visit_time, transition) VALUES (1, ?, ?)",
                arguments: [Self.time(1_650_000_001), Int64(Self.single)])
        }
        // A cache of one page makes SQLite spill the transaction's pages into the file.
        try writer.inDatabase { db in try db.execute(sql: "PRAGMA cache_size = 1") }
        try writer.inTransaction(.immediate) { db in
            for index in 2...500 {
                try db.execute(
                    sql: "INSERT INTO urls VALUES (?, ?, ?, 1, 0, 1, 0)",
                    arguments: [
                        index, "https://uncommitted.example/\(index)", String(repeating: "u", count: 300),
                    ])
                try db.execute(
                    sql: "INSERT INTO visits (url, visit_time, transition) VALUES (?, ?, ?)",
                    arguments: [index, Self.time(1_650_000_002), Int64(Self.single)])
            }
            let journal =
                try FileManager.default.attributesOfItem(atPath: file.path + "-journal")[.size] as? Int
            #expect((journal ?? 0) > 0, "the transaction is under way, its journal hot")

            let history = try ChromiumHistoryReader(historyFile: file).history()

            #expect(history.visits.map(\.url) == [URL(string: "https://committed.example/")])
            return .rollback
        }
    }
}
