import Foundation
import GRDB
import Web

/// The `History` file's schema and statements, after Chromium's `HistoryDatabase`,
/// `URLDatabase` and `VisitDatabase` (components/history/core/browser/): the `urls` and
/// `visits` tables with Chromium's columns and indexes, and a `meta` table (Chromium's
/// `sql::MetaTable`) holding the schema `version` and the oldest version that can still read
/// the file, `last_compatible_version`. Every function runs on a connection the caller
/// serializes (the ``HistoryBackend``'s queue, or a read-only connection of the command line).
enum HistoryDatabase {
    /// The schema this code writes.
    static let currentVersion = 2
    /// The oldest code that can read and write a file of ``currentVersion``: version 2 only
    /// added a column with a default and an index.
    static let compatibleVersion = 1

    /// Why a file cannot be used as it is.
    enum OpenError: Error, CustomStringConvertible {
        /// Written by a newer schema than ``HistoryDatabase/currentVersion`` can read.
        case tooNew(version: Int, compatibleVersion: Int)
        /// An SQLite database, but not a history one (or a history one missing its tables).
        case notHistory(String)

        var description: String {
            switch self {
            case .tooNew(let version, let compatible):
                "schema version \(version), readable from version \(compatible) on"
            case .notHistory(let reason): reason
            }
        }
    }

    // MARK: Schema

    /// The tables of version 1, the first one.
    private static let version1 = [
        "CREATE TABLE meta(key LONGVARCHAR NOT NULL UNIQUE PRIMARY KEY, value LONGVARCHAR)",
        """
        CREATE TABLE urls(id INTEGER PRIMARY KEY AUTOINCREMENT,url LONGVARCHAR,title LONGVARCHAR,\
        visit_count INTEGER DEFAULT 0 NOT NULL,typed_count INTEGER DEFAULT 0 NOT NULL,\
        last_visit_time INTEGER NOT NULL,hidden INTEGER DEFAULT 0 NOT NULL)
        """,
        "CREATE INDEX urls_url_index ON urls (url)",
        """
        CREATE TABLE visits(id INTEGER PRIMARY KEY AUTOINCREMENT,url INTEGER NOT NULL,\
        visit_time INTEGER NOT NULL,from_visit INTEGER,transition INTEGER DEFAULT 0 NOT NULL)
        """,
        "CREATE INDEX visits_url_index ON visits (url)",
        "CREATE INDEX visits_time_index ON visits (visit_time)",
    ]

    /// The statements that take a file from version `n` to `n + 1`, indexed by `n - 1`.
    private static let migrations: [[String]] = [
        // 1 → 2: Chromium's `visit_duration` and the index that finds the visits a visit led to.
        [
            "ALTER TABLE visits ADD COLUMN visit_duration INTEGER DEFAULT 0 NOT NULL",
            "CREATE INDEX visits_from_index ON visits (from_visit)",
        ]
    ]

    /// Creates the schema in an empty file, or brings an older one up to ``currentVersion``,
    /// in one transaction; `upTo` stops earlier (to make old files in tests). Throws
    /// ``OpenError`` for a file this code must not touch or cannot read as history.
    static func migrate(_ db: Database, upTo target: Int = currentVersion) throws {
        try db.inTransaction {
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            if !tables.contains("meta") {
                guard tables.isEmpty else {
                    throw OpenError.notHistory(
                        "no meta table beside \(tables.sorted().joined(separator: ", "))")
                }
                for statement in version1 { try db.execute(sql: statement) }
                try setMeta(db, version: 1, compatibleVersion: 1)
            }
            guard let version = try metaInt(db, "version"), version >= 1 else {
                throw OpenError.notHistory("no schema version")
            }
            let compatible = try metaInt(db, "last_compatible_version") ?? version
            if compatible > currentVersion {
                throw OpenError.tooNew(version: version, compatibleVersion: compatible)
            }
            var reached = version
            while reached < target {
                for statement in migrations[reached - 1] { try db.execute(sql: statement) }
                reached += 1
                try setMeta(
                    db, version: reached, compatibleVersion: reached == currentVersion ? compatibleVersion : 1
                )
            }
            let present = Set(
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
            guard present.isSuperset(of: ["urls", "visits"]) else {
                throw OpenError.notHistory("the urls or visits table is missing")
            }
            return .commit
        }
    }

    /// The file's schema version and last compatible version.
    static func versions(_ db: Database) throws -> (version: Int, compatible: Int)? {
        guard let version = try metaInt(db, "version") else { return nil }
        return (version, try metaInt(db, "last_compatible_version") ?? version)
    }

    private static func metaInt(_ db: Database, _ key: String) throws -> Int? {
        try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key]).flatMap {
            Int($0)
        }
    }

    private static func setMeta(_ db: Database, version: Int, compatibleVersion: Int) throws {
        for (key, value) in [("version", version), ("last_compatible_version", compatibleVersion)] {
            try db.execute(
                sql: "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", arguments: [key, String(value)])
        }
    }

    // MARK: Rows

    static let urlColumns = "id, url, title, visit_count, typed_count, last_visit_time, hidden"

    /// The `urls` row in `row` (selected as ``urlColumns``); nil when its URL does not parse.
    static func urlRow(_ row: Row) -> URLRow? {
        guard let url = URL(string: row[1] ?? "") else { return nil }
        return URLRow(
            id: row[0], url: url, title: row[2] ?? "", visitCount: row[3] ?? 0, typedCount: row[4] ?? 0,
            lastVisit: HistoryTime.date(row[5] ?? 0), hidden: (row[6] ?? 0) != 0)
    }

    static func fetchURLRows(
        _ db: Database, where condition: String, _ arguments: StatementArguments = []
    )
        throws -> [URLRow]
    {
        try Row.fetchAll(db, sql: "SELECT \(urlColumns) FROM urls WHERE \(condition)", arguments: arguments)
            .compactMap(urlRow)
    }

    static func urlRow(_ db: Database, id: Int64) throws -> URLRow? {
        try fetchURLRows(db, where: "id = ?", [id]).first
    }

    /// The row of `url` (the oldest, should a file hold two).
    static func urlRow(_ db: Database, for url: URL) throws -> URLRow? {
        try fetchURLRows(db, where: "url = ? ORDER BY id LIMIT 1", [url.absoluteString]).first
    }

    /// The stored form of `transition`: Chromium keeps it as a signed 32-bit `int`.
    static func storedTransition(_ transition: PageTransition) -> Int64 {
        Int64(Int32(bitPattern: transition.rawValue))
    }

    static func transition(_ stored: Int64) -> PageTransition {
        PageTransition(rawValue: UInt32(truncatingIfNeeded: stored))
    }

    // MARK: What counts

    /// SQL true for a visit that adds to its page's `visit_count`: the end of its chain (not
    /// a redirect hop), neither a reload nor back/forward.
    static let countedVisit = """
        (transition & \(PageTransition.chainEnd.rawValue)) != 0 \
        AND (transition & \(PageTransition.coreMask)) != \(PageTransition.reload.rawValue) \
        AND (transition & \(PageTransition.forwardBack.rawValue)) = 0
        """

    /// SQL true for a visit that adds to its page's `typed_count`: a typed one that is new,
    /// not back/forward (Chromium's `IsTypedIncrement` in history_backend.cc); the count
    /// goes to the end of a redirect chain, the page the user reached.
    static let typedVisit = """
        (transition & \(PageTransition.chainEnd.rawValue)) != 0 \
        AND (transition & \(PageTransition.coreMask)) = \(PageTransition.typed.rawValue) \
        AND (transition & \(PageTransition.forwardBack.rawValue)) = 0
        """

    /// SQL true (over `visits v`) for a visit lists show: the end of its chain, not a subframe
    /// nor a keyword's generated visit (Chromium's `VisitDatabase::GetVisibleVisitsInRange`).
    static let visibleVisit = """
        (v.transition & \(PageTransition.chainEnd.rawValue)) != 0 \
        AND (v.transition & \(PageTransition.coreMask)) NOT IN \
        (\(PageTransition.autoSubframe.rawValue), \(PageTransition.manualSubframe.rawValue), \
        \(PageTransition.keywordGenerated.rawValue))
        """

    static func counts(_ transition: PageTransition) -> Bool {
        transition.has(.chainEnd) && !transition.coreTypeIs(.reload) && !transition.has(.forwardBack)
    }

    static func isTyped(_ transition: PageTransition) -> Bool {
        transition.has(.chainEnd) && transition.coreTypeIs(.typed) && !transition.has(.forwardBack)
    }

    // MARK: Queries

    /// Visible visits, newest first, whose page's title or URL holds every word of `text`.
    static func queryHistory(
        _ db: Database, text: String, options: HistoryQueryOptions
    ) throws -> [HistoryEntry] {
        var conditions = ["u.hidden = 0", visibleVisit]
        var arguments: [any DatabaseValueConvertible] = []
        if let begin = options.begin {
            conditions.append("v.visit_time >= ?")
            arguments.append(HistoryTime.microseconds(begin))
        }
        if let end = options.end {
            conditions.append("v.visit_time < ?")
            arguments.append(HistoryTime.microseconds(end))
        }
        let words = searchWords(text)
        if !words.isEmpty {
            let matches = words.map { _ in "(title LIKE ? ESCAPE '\\' OR url LIKE ? ESCAPE '\\')" }
            conditions.append("v.url IN (SELECT id FROM urls WHERE \(matches.joined(separator: " AND ")))")
            for word in words {
                let pattern = "%" + likeEscaped(word) + "%"
                arguments += [pattern, pattern]
            }
        }
        var sql = """
            SELECT v.id, v.url, v.visit_time, v.transition, u.url, u.title FROM visits v \
            JOIN urls u ON u.id = v.url WHERE \(conditions.joined(separator: " AND ")) \
            ORDER BY v.visit_time DESC, v.id DESC
            """
        if options.maxCount > 0 {
            sql += " LIMIT ?"
            arguments.append(options.maxCount)
        }
        return try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).compactMap { row in
            guard let url = URL(string: row[4] ?? "") else { return nil }
            return HistoryEntry(
                id: row[0], urlID: row[1], url: url, title: row[5] ?? "",
                visitTime: HistoryTime.date(row[2]), transition: transition(row[3]))
        }
    }

    /// The words of a search: split at white space; case is ignored by `LIKE` (for ASCII).
    static func searchWords(_ text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    private static func likeEscaped(_ word: String) -> String {
        var escaped = ""
        for character in word {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// The pages the location bar's history provider keeps in memory: typed at least once,
    /// visited at least 4 times, or visited since `recentSince`; not hidden (Chromium's
    /// `URLDatabase::InitURLEnumeratorForSignificant`, components/history/core/browser/url_database.cc).
    static func significantURLs(_ db: Database, recentSince: Date) throws -> [URLRow] {
        try fetchURLRows(
            db,
            where: """
                hidden = 0 AND (typed_count >= 1 OR visit_count >= 4 OR last_visit_time >= ?) \
                ORDER BY typed_count DESC, last_visit_time DESC, visit_count DESC
                """, [HistoryTime.microseconds(recentSince)])
    }

    /// The `count` pages visited most, the latest first among equals; not hidden.
    static func mostVisitedURLs(_ db: Database, count: Int) throws -> [URLRow] {
        try fetchURLRows(
            db,
            where: "hidden = 0 AND visit_count > 0 ORDER BY visit_count DESC, last_visit_time DESC LIMIT ?",
            [max(0, count)])
    }
}
