import Base
import Foundation
import GRDB
import Logging
import Synchronization

/// A profile's downloads on disk: an SQLite database (through GRDB) of ``DownloadRecord``s,
/// after Chromium's `downloads` table of the history database
/// (components/history/core/browser/download_database.cc), in a file of its own. An
/// off-the-record profile's store is in memory and never touches the disk.
///
/// Everything that touches the disk runs in order on a queue of the store's own, never on the
/// main thread: opening the file, reading the records once (``load(preparing:completion:)``),
/// and the changes the caller hands back (``save(_:)``, ``delete(ids:)``). A file SQLite
/// cannot read is moved aside to `<file>.bad` and a new one started; every such problem is
/// kept in ``problem`` and logged, never a crash.
public final class DownloadStore: Sendable {
    /// The database file's name in a profile's directory.
    public static let fileName = "Downloads.sqlite"

    private let queue = DispatchQueue(label: "swiftlet.downloads.store")
    private let connection = Connection()
    private let problems = Mutex<[DownloadStoreProblem]>([])
    /// Where the database is; nil in memory.
    public let path: String?

    /// A store of the database at `path`, or of an empty one in memory when `path` is nil. The
    /// file is opened (or created) later, on the store's queue, by the first call that needs it.
    public init(path: String?) {
        self.path = path
    }

    /// What went wrong with the file, if anything (the last problem).
    public var problem: DownloadStoreProblem? { problems.withLock { $0.last } }

    /// Reads the records, oldest first, on the store's queue; `prepare` may change them there
    /// (its changed records are written back) before `completion` gets them on the main thread.
    public func load(
        preparing prepare: @escaping @Sendable ([DownloadRecord]) -> [DownloadRecord] = { $0 },
        completion: @escaping @MainActor @Sendable ([DownloadRecord]) -> Void
    ) {
        queue.async { [self] in
            let found =
                (try? database.read { db in try DownloadRecord.order(Column("id")).fetchAll(db) }) ?? []
            let prepared = prepare(found)
            let changed = prepared.filter { !found.contains($0) }
            if !changed.isEmpty { perform { db in for record in changed { try record.save(db) } } }
            DispatchQueue.main.async { MainActor.assumeIsolated { completion(prepared) } }
        }
    }

    /// Reads the records, oldest first, after every write asked for so far.
    public func records() async -> [DownloadRecord] {
        await withCheckedContinuation { continuation in
            queue.async { [self] in
                continuation.resume(
                    returning: (try? database.read { db in
                        try DownloadRecord.order(Column("id")).fetchAll(db)
                    }) ?? [])
            }
        }
    }

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

    /// Waits until every write asked for so far is done. A profile's services call it as they
    /// shut down, when the browser quits: Chromium too waits for its history thread then.
    public func flush() { queue.sync {} }

    /// The database, opened on first use (on ``queue`` only).
    private var database: DatabaseQueue {
        dispatchPrecondition(condition: .onQueue(queue))
        if let open = connection.database { return open }
        let opened = openOrReplace()
        connection.database = opened
        return opened
    }

    private func write(_ updates: @escaping @Sendable (Database) throws -> Void) {
        queue.async { [self] in perform(updates) }
    }

    private func perform(_ updates: (Database) throws -> Void) {
        do {
            try database.write(updates)
        } catch {
            report(.writeFailed(reason: String(describing: error)))
        }
    }

    private func report(_ problem: DownloadStoreProblem) {
        Logger.downloads.error("\(problem)")
        problems.withLock { $0.append(problem) }
    }

    /// The database at ``path``: the file, or a new one in its place after the old was set
    /// aside, or one in memory when neither can be opened.
    private func openOrReplace() -> DatabaseQueue {
        guard let path else { return Self.openInMemory() }
        do {
            return try Self.open(path)
        } catch {
            let reason = String(describing: error)
            guard let setAside = DatabaseFiles.setAside(path) else {
                report(.unavailable(reason: "\(reason); the file could not be moved aside"))
                return Self.openInMemory()
            }
            do {
                let database = try Self.open(path)
                report(.damaged(setAsidePath: setAside, reason: reason))
                return database
            } catch {
                report(.unavailable(reason: String(describing: error)))
                return Self.openInMemory()
            }
        }
    }

    private static func openInMemory() -> DatabaseQueue {
        // An in-memory database and its fixed schema cannot fail to open but for a lack of
        // memory, which is fatal anyway.
        let database = try! DatabaseQueue()
        try! migrator.migrate(database)
        return database
    }

    private static func open(_ path: String) throws -> DatabaseQueue {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let database = try DatabaseQueue(path: path)
        do {
            try migrator.migrate(database)
            // Reading proves the file is a database, not only its header.
            _ = try database.read { db in try DownloadRecord.fetchCount(db) }
            return database
        } catch {
            try? database.close()
            throw error
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

/// The store's database, opened on first use; touched only on the store's queue, which is
/// what makes the unchecked `Sendable` true.
private final class Connection: @unchecked Sendable {
    var database: DatabaseQueue?
}
