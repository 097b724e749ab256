import Base
import Foundation
import GRDB
import Logging
import Synchronization

/// A profile's bookmarks on disk, `<profile>/Bookmarks.db`: SQLite through GRDB, one row a
/// node in the `bookmarks` table with its parent's id and its position among its siblings.
/// Rows rather than Chromium's one JSON document (components/bookmarks/browser/
/// bookmark_storage.cc, which rewrites the whole file 2.5 s after a change) so that each
/// change is written at once and alone, in a transaction.
///
/// Everything that touches the disk runs in order on the store's serial queue, never on the
/// main thread: opening and reading the file once (``load(completion:)``), then every change
/// as soon as it is handed over (``write(upserting:deleting:)``), so it is on disk before
/// the main loop's next turn can do much else. A file SQLite cannot read is moved aside
/// (`Bookmarks.db.bad`, then `.bad.1`…, never overwritten) and the bookmarks start again
/// from `Bookmarks.db.bak`, the copy written after every good load (Chromium keeps
/// `Bookmarks.bak` the same way).
public final class BookmarkStore: Sendable {
    public static let fileName = "Bookmarks.db"
    public static let backupSuffix = ".bak"
    public static let setAsideSuffix = ".bad"

    /// Where the database is; nil in memory.
    public let path: String?

    private let queue = DispatchQueue(label: "swiftlet.bookmarks.store")
    private let connection = Connection()
    private let problems = Mutex<[BookmarkProblem]>([])

    /// A store of the database at `path`, or of an empty one in memory when `path` is nil.
    public init(path: String?) {
        self.path = path
    }

    /// The last thing that went wrong, if anything.
    public var problem: BookmarkProblem? { problems.withLock { $0.last } }

    /// Opens the file and reads every row on the store's queue, writes the backup when the
    /// file read well, and hands the rows (ordered by parent and position) to `completion`
    /// on the main thread.
    func load(completion: @escaping @MainActor @Sendable ([BookmarkRow]) -> Void) {
        queue.async { [self] in
            let rows = (try? Self.readRows(database)) ?? []
            writeBackup()
            DispatchQueue.main.async { MainActor.assumeIsolated { completion(rows) } }
        }
    }

    /// Deletes the rows `ids` and adds or replaces `rows`, in one transaction, on the store's
    /// queue, right away. When the transaction fails (a full disk), its changes are kept and
    /// written with the next ones (the failure reported once, until a write succeeds).
    func write(upserting rows: [BookmarkRow], deleting ids: [Int64]) {
        queue.async { [self] in perform(upserting: rows, deleting: ids) }
    }

    /// Waits until every write handed over so far is done, trying once more what failed.
    public func flush() {
        queue.sync { [self] in
            if !connection.unwrittenRows.isEmpty || !connection.unwrittenDeletions.isEmpty {
                perform(upserting: [], deleting: [])
            }
        }
    }

    private func perform(upserting newRows: [BookmarkRow], deleting newIDs: [Int64]) {
        var rows = connection.unwrittenRows
        var deletions = connection.unwrittenDeletions
        for id in newIDs {
            rows[id] = nil
            deletions.insert(id)
        }
        for row in newRows {
            deletions.remove(row.id)
            rows[row.id] = row
        }
        do {
            try database.write { db in
                for id in deletions.sorted() {
                    try db.execute(sql: "DELETE FROM bookmarks WHERE id = ?", arguments: [id])
                }
                for row in rows.values.sorted(by: { ($0.parentID, $0.position) < ($1.parentID, $1.position) })
                {
                    try Self.upsert(row, db)
                }
            }
            connection.unwrittenRows = [:]
            connection.unwrittenDeletions = []
        } catch {
            let failingAlready = !connection.unwrittenRows.isEmpty || !connection.unwrittenDeletions.isEmpty
            connection.unwrittenRows = rows
            connection.unwrittenDeletions = deletions
            if !failingAlready { report(.writeFailed(reason: String(describing: error))) }
        }
    }

    /// Every row of the file as it is now, after the writes handed over so far (for tests and
    /// the command line).
    public func storedRows() -> [BookmarkRow] {
        queue.sync { (try? Self.readRows(database)) ?? [] }
    }

    // MARK: The file

    private var database: DatabaseQueue {
        dispatchPrecondition(condition: .onQueue(queue))
        if let open = connection.database { return open }
        let opened = openOrRecover()
        connection.database = opened
        return opened
    }

    private func report(_ problem: BookmarkProblem) {
        Logger.bookmarks.error("\(problem)")
        problems.withLock { $0.append(problem) }
    }

    /// The database at ``path``; or, when it cannot be read, the backup in its place after
    /// the file was set aside, or a new one; or one in memory when nothing opens.
    private func openOrRecover() -> DatabaseQueue {
        guard let path else { return Self.openInMemory() }
        let damage: String
        do {
            if let newerRows = try Self.examine(path) {
                report(.newerVersion)
                return Self.openInMemory(holding: newerRows)
            }
            return try Self.open(path)
        } catch {
            damage = String(describing: error)
        }
        guard let setAside = DatabaseFiles.setAside(path) else {
            report(.unavailable(reason: "\(damage); the file could not be moved aside"))
            return Self.openInMemory()
        }
        let files = FileManager.default
        let backup = path + Self.backupSuffix
        if files.fileExists(atPath: backup), (try? files.copyItem(atPath: backup, toPath: path)) != nil {
            if let restored = try? Self.open(path) {
                report(.damaged(setAsidePath: setAside, reason: damage, restoredFromBackup: true))
                return restored
            }
            DatabaseFiles.remove(path)
        }
        do {
            let database = try Self.open(path)
            report(.damaged(setAsidePath: setAside, reason: damage, restoredFromBackup: false))
            return database
        } catch {
            report(.unavailable(reason: String(describing: error)))
            return Self.openInMemory()
        }
    }

    /// Copies the database to `Bookmarks.db.bak` through SQLite's backup API, into a new file
    /// renamed over the old backup only once complete, so a crash meanwhile keeps the old one.
    private func writeBackup() {
        guard let path, let database = connection.database, database.path == path else { return }
        let backup = path + Self.backupSuffix
        let partial = backup + ".new"
        DatabaseFiles.remove(partial)
        do {
            let copy = try DatabaseQueue(path: partial)
            try database.backup(to: copy)
            try copy.close()
            guard rename(partial, backup) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: backup])
            }
        } catch {
            DatabaseFiles.remove(partial)
            report(.backupFailed(reason: String(describing: error)))
        }
    }

    private static func openInMemory(holding rows: [BookmarkRow] = []) -> DatabaseQueue {
        // An in-memory database and its fixed schema cannot fail to open but for a lack of
        // memory, which is fatal anyway.
        let database = try! DatabaseQueue()
        try! migrator.migrate(database)
        try! database.write { db in for row in rows { try upsert(row, db) } }
        return database
    }

    /// Reads an existing file without writing to it, so that a file found damaged is set aside
    /// exactly as it was (opening it for writing would first turn its journal to WAL, which
    /// rewrites its header). Throws when the file is damaged; returns the rows it can read
    /// when a newer version of Swiftlet wrote it (its migrations are unknown here), nil when
    /// the file is fit to open.
    private static func examine(_ path: String) throws -> [BookmarkRow]? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        let database = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? database.close() }
        let (isNewer, hasTable) = try database.read { db in
            guard try String.fetchOne(db, sql: "PRAGMA quick_check") == "ok" else {
                throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "quick_check failed")
            }
            let hasTable = try db.tableExists("bookmarks")
            if try migrator.hasBeenSuperseded(db) { return (true, hasTable) }
            // A table without the record of its migration, or the record without the table,
            // would make the migration fail only once the file was opened for writing.
            guard try hasTable == migrator.hasCompletedMigrations(db) else {
                throw DatabaseError(
                    resultCode: .SQLITE_CORRUPT,
                    message: "the bookmarks table and its schema version disagree")
            }
            return (false, hasTable)
        }
        if isNewer { return (try? readRows(database)) ?? [] }
        // Reading every row proves the file is a database, not only its header.
        if hasTable { _ = try readRows(database) }
        return nil
    }

    private static func open(_ path: String) throws -> DatabaseQueue {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        let database = try DatabaseQueue(path: path, configuration: configuration)
        do {
            try migrator.migrate(database)
            // Reading every row proves the file is a database, not only its header.
            _ = try readRows(database)
            guard try database.read({ db in try String.fetchOne(db, sql: "PRAGMA quick_check") }) == "ok"
            else {
                throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "quick_check failed")
            }
            return database
        } catch {
            try? database.close()
            throw error
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE bookmarks(id INTEGER PRIMARY KEY, guid TEXT NOT NULL UNIQUE, \
                    parent_id INTEGER NOT NULL, position INTEGER NOT NULL, type INTEGER NOT NULL, \
                    title TEXT NOT NULL, url TEXT, date_added INTEGER NOT NULL, \
                    date_last_used INTEGER NOT NULL DEFAULT 0, date_modified INTEGER NOT NULL DEFAULT 0)
                    """)
            try db.execute(sql: "CREATE INDEX bookmarks_parent_index ON bookmarks (parent_id, position)")
            try db.execute(sql: "CREATE INDEX bookmarks_url_index ON bookmarks (url)")
        }
        return migrator
    }

    // MARK: Rows

    private static func upsert(_ row: BookmarkRow, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO bookmarks(id, guid, parent_id, position, type, title, url, \
                date_added, date_last_used, date_modified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                row.id, row.guid.uuidString.lowercased(), row.parentID, row.position, row.storedKind,
                row.title,
                row.url?.absoluteString, BookmarkTime.microseconds(row.dateAdded),
                BookmarkTime.microseconds(row.dateLastUsed), BookmarkTime.microseconds(row.dateModified),
            ])
    }

    /// The rows, ordered by parent and position. Every column is read as an optional: GRDB
    /// traps on a NULL read as a value, and a damaged file may hold anything; rows that make
    /// no sense (an unknown type, a bad GUID, a bookmark without a URL) are left out.
    private static func readRows(_ database: DatabaseQueue) throws -> [BookmarkRow] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, guid, parent_id, position, type, title, url, date_added, date_last_used, \
                    date_modified FROM bookmarks ORDER BY parent_id, position, id
                    """
            ).compactMap { row -> BookmarkRow? in
                guard let id = row[0] as Int64?,
                    let guid = (row[1] as String?).flatMap(UUID.init(uuidString:)),
                    let kind = BookmarkRow.kind(stored: row[4] ?? -1)
                else { return nil }
                let url = (row[6] as String?).flatMap { URL(string: $0) }
                guard (kind == .url) == (url != nil) else { return nil }
                return BookmarkRow(
                    id: id, guid: guid, parentID: row[2] ?? 0, position: row[3] ?? 0, kind: kind,
                    title: row[5] ?? "", url: url,
                    dateAdded: BookmarkTime.date(row[7] ?? 0) ?? Date(timeIntervalSince1970: 0),
                    dateLastUsed: BookmarkTime.date(row[8] ?? 0), dateModified: BookmarkTime.date(row[9] ?? 0)
                )
            }
        }
    }
}

/// The store's database, opened on first use, and what it could not write yet; touched only on
/// the store's queue, which is what makes the unchecked `Sendable` true.
private final class Connection: @unchecked Sendable {
    var database: DatabaseQueue?
    /// The changes of writes that failed, to write with the next ones.
    var unwrittenRows: [Int64: BookmarkRow] = [:]
    var unwrittenDeletions: Set<Int64> = []
}
