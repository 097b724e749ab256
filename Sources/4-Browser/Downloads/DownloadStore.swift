import Foundation
import GRDB
import Logging
import Synchronization

/// A profile's downloads on disk: an SQLite database (through GRDB) of ``DownloadRecord``s,
/// after Chromium's `downloads` table of the history database
/// (components/history/core/browser/download_database.cc), in a file of its own. An
/// off-the-record profile's store is in memory and never touches the disk.
///
/// The records are read once, when the store opens; the caller keeps them in memory and
/// hands every change back (``save(_:)``, ``delete(ids:)``), written in order on a queue of
/// the store's own, off the main thread. A file SQLite cannot read is moved aside to
/// `<file>.bad` and a new one started; every such problem is kept in ``problem`` and logged,
/// never a crash.
public final class DownloadStore: Sendable {
    /// The database file's name in a profile's directory.
    public static let fileName = "Downloads.sqlite"

    private let database: DatabaseQueue
    private let queue = DispatchQueue(label: "swiftlet.downloads.store")
    private let problems = Mutex<[DownloadStoreProblem]>([])
    /// Where the database is; nil in memory.
    public let path: String?
    /// The records found when the store opened, oldest first.
    public let loadedRecords: [DownloadRecord]

    /// Opens (or creates) the database at `path`, or an empty one in memory when `path` is nil.
    public init(path: String?) {
        self.path = path
        var found: [DownloadStoreProblem] = []
        guard let path else {
            database = try! DatabaseQueue()
            try! Self.migrator.migrate(database)
            loadedRecords = []
            return
        }
        do {
            (database, loadedRecords) = try Self.open(path)
        } catch {
            let reason = String(describing: error)
            let setAside = path + ".bad"
            Self.setAside(path, to: setAside)
            do {
                (database, loadedRecords) = try Self.open(path)
                found.append(.damaged(setAsidePath: setAside, reason: reason))
            } catch {
                database = try! DatabaseQueue()
                try! Self.migrator.migrate(database)
                loadedRecords = []
                found.append(.unavailable(reason: String(describing: error)))
            }
        }
        for problem in found { Logger.downloads.error("\(problem)") }
        problems.withLock { $0 = found }
    }

    /// What went wrong with the file, if anything (the last problem).
    public var problem: DownloadStoreProblem? { problems.withLock { $0.last } }

    /// Adds or replaces `records` (by id), later, in order with the other writes.
    public func save(_ records: [DownloadRecord]) {
        write { db in for record in records { try record.save(db) } }
    }

    /// Deletes the records `ids`, later.
    public func delete(ids: [Int64]) {
        write { db in _ = try DownloadRecord.deleteAll(db, keys: ids) }
    }

    /// Deletes every record, later.
    public func deleteAll() {
        write { db in _ = try DownloadRecord.deleteAll(db) }
    }

    /// Waits until every write asked for so far is done.
    public func flush() { queue.sync {} }

    private func write(_ updates: @escaping @Sendable (Database) throws -> Void) {
        queue.async { [self] in
            do {
                try database.write(updates)
            } catch {
                let problem = DownloadStoreProblem.writeFailed(reason: String(describing: error))
                Logger.downloads.error("\(problem)")
                problems.withLock { $0.append(problem) }
            }
        }
    }

    private static func open(_ path: String) throws -> (DatabaseQueue, [DownloadRecord]) {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let database = try DatabaseQueue(path: path)
        do {
            try migrator.migrate(database)
            let records = try database.read { db in
                try DownloadRecord.order(Column("id")).fetchAll(db)
            }
            return (database, records)
        } catch {
            try? database.close()
            throw error
        }
    }

    /// Moves the database and its journal files aside (an older set-aside copy is replaced).
    private static func setAside(_ path: String, to setAside: String) {
        let files = FileManager.default
        for suffix in ["", "-wal", "-shm", "-journal"] where files.fileExists(atPath: path + suffix) {
            try? files.removeItem(atPath: setAside + suffix)
            if (try? files.moveItem(atPath: path + suffix, toPath: setAside + suffix)) == nil {
                try? files.removeItem(atPath: path + suffix)
            }
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: DownloadRecord.databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("file_name", .text).notNull()
                table.column("destination_path", .text).notNull()
                table.column("url", .text).notNull()
                table.column("total_bytes", .integer)
                table.column("received_bytes", .integer).notNull()
                table.column("start_time", .datetime).notNull()
                table.column("end_time", .datetime)
                table.column("state", .text).notNull()
                table.column("partial_file_path", .text)
                table.column("failure_message", .text)
            }
        }
        return migrator
    }
}
