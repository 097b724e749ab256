import Base
import Dispatch
import Foundation
import GRDB
import Logging

/// The part of the history service that touches the file, after Chromium's `HistoryBackend`
/// (components/history/core/browser/history_backend.cc): every call runs on ``queue``, one
/// at a time, off the main thread; the file is opened there too.
///
/// Writes go into one open transaction, committed when the service says (every 10 s, on
/// flush, after a deletion), as Chromium's `HistoryBackend::Commit` does; reads run on the
/// same connection, so they see the writes not yet committed. The writes of the open batch
/// are kept as values: when a statement or the commit fails (a full disk), the transaction
/// is rolled back and the whole batch made again at the next commit; the failure is logged
/// once, until a commit succeeds.
final class HistoryBackend: @unchecked Sendable {
    /// The queue everything below runs on.
    let queue = DispatchQueue(label: "swiftlet.history.backend")
    /// Where the file is; nil in memory.
    let path: String?

    // Only touched on `queue`.
    private var database: DatabaseQueue?
    private var batch: [HistoryWrite] = []
    private var batchNeedsReplay = false
    private var failureLogged = false
    private(set) var commitCount = 0
    /// Told of every change of the problem (called on `queue`).
    private let problemChanged: @Sendable (HistoryProblem?) -> Void
    private var problem: HistoryProblem?

    init(path: String?, problemChanged: @escaping @Sendable (HistoryProblem?) -> Void) {
        self.path = path
        self.problemChanged = problemChanged
    }

    // MARK: Opening

    /// Opens the file (on ``queue``): a damaged one is set aside and a new one started; one
    /// of a newer schema is left alone and history is off; when no file can be made, history
    /// is kept in memory.
    func open() {
        guard let path else {
            database = try? Self.openInMemory()
            return
        }
        do {
            database = try Self.open(path)
        } catch HistoryDatabase.OpenError.tooNew(let version, let compatible) {
            report(
                .newerVersion(
                    version: version, compatibleVersion: compatible,
                    supportedVersion: HistoryDatabase.currentVersion))
        } catch  where Self.isInUse(error) {
            // Another Swiftlet holds the file (a second instance on the same profile, or a
            // crashed run's child still writing): it is fine, only busy. It stays where it is,
            // and this run keeps its history in memory.
            database = try? Self.openInMemory()
            report(.unavailable(reason: "the file is in use by another program (\(error))"))
        } catch {
            let reason = String(describing: error)
            guard let setAside = DatabaseFiles.setAside(path) else {
                database = try? Self.openInMemory()
                report(.unavailable(reason: reason))
                return
            }
            do {
                database = try Self.open(path)
                report(.damaged(setAsidePath: setAside, reason: reason))
            } catch {
                database = try? Self.openInMemory()
                report(.unavailable(reason: String(describing: error)))
            }
        }
    }

    /// Commits the open batch and closes the file; later calls do nothing.
    func close() {
        commit()
        try? database?.close()
        database = nil
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.label = "History"
        // A writer's lock is held for one commit at a time: wait for it rather than fail.
        configuration.busyMode = .timeout(1)
        // The batch's transaction stays open between calls (see the type's comment).
        configuration.allowsUnsafeTransactions = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // What the user deletes is overwritten, not left in free pages of the file.
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        return configuration
    }

    private static func open(_ path: String) throws -> DatabaseQueue {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let database = try DatabaseQueue(path: path, configuration: configuration)
        do {
            try database.writeWithoutTransaction { db in
                // The schema first: a file of a newer one is not touched, not even its header.
                try HistoryDatabase.migrate(db)
                try db.execute(sql: "PRAGMA journal_mode = WAL")
            }
            return database
        } catch {
            try? database.close()
            throw error
        }
    }

    private static func openInMemory() throws -> DatabaseQueue {
        let database = try DatabaseQueue(configuration: configuration)
        try database.writeWithoutTransaction { try HistoryDatabase.migrate($0) }
        return database
    }

    private func report(_ problem: HistoryProblem?) {
        self.problem = problem
        if let problem { Logger.history.error("\(problem)") }
        problemChanged(problem)
    }

    // MARK: Writing

    /// Makes `write` in the open batch; what it did, or nil when it could not be made now
    /// (it is made at the next commit) or history is off.
    func perform(_ write: HistoryWrite) -> HistoryWriteEffect? {
        guard let database else { return nil }
        batch.append(write)
        guard !batchNeedsReplay else { return nil }
        do {
            let outcome = try database.writeWithoutTransaction { db in
                if !db.isInsideTransaction { try db.execute(sql: "BEGIN") }
                return try Self.applyAlone(write, db)
            }
            guard case .applied(let effect) = outcome else {
                batch.removeLast()
                return nil
            }
            return effect
        } catch {
            if !recoverIfDamaged(error) { writeFailed(error) }
            return nil
        }
    }

    /// Commits the open batch (making it again first if it failed before); a file found
    /// damaged is set aside and the batch committed to a new one, once.
    func commit(afterDamage: Bool = false) {
        guard let database, !batch.isEmpty else { return }
        do {
            try database.writeWithoutTransaction { db in
                if batchNeedsReplay {
                    if db.isInsideTransaction { try db.execute(sql: "ROLLBACK") }
                    try db.execute(sql: "BEGIN")
                    for write in batch { _ = try Self.applyAlone(write, db) }
                }
                if db.isInsideTransaction { try db.execute(sql: "COMMIT") }
            }
            batch = []
            batchNeedsReplay = false
            commitCount += 1
            if failureLogged {
                failureLogged = false
                Logger.history.notice("The history file is written again")
                if case .writeFailed = problem { report(nil) }
            }
        } catch {
            if !afterDamage && recoverIfDamaged(error) {
                commit(afterDamage: true)
            } else {
                writeFailed(error)
            }
        }
    }

    /// Copies the WAL into the file and empties it, so that deleted rows are gone from the
    /// disk too (after a deletion the user asked for).
    func checkpoint() {
        guard let database, batch.isEmpty else { return }
        try? database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// What ``applyAlone(_:_:)`` did.
    private enum Outcome {
        case applied(HistoryWriteEffect)
        /// The file refused the write for what it is: it was undone alone and is dropped.
        case refused
    }

    /// Makes `write` inside a savepoint of the open transaction, so that a write the file
    /// refuses for what it is (a constraint or a trigger of a file not made by us) is undone
    /// alone and dropped, logged, instead of failing every commit after it. A failure of the
    /// disk, or damage, is thrown: the batch is made again later, or the file set aside.
    private static func applyAlone(_ write: HistoryWrite, _ db: Database) throws -> Outcome {
        try db.execute(sql: "SAVEPOINT history_write")
        do {
            let effect = try HistoryDatabase.apply(write, db)
            try db.execute(sql: "RELEASE history_write")
            return .applied(effect)
        } catch  where !isTransient(error) && !isDamage(error) && db.isInsideTransaction {
            try db.execute(sql: "ROLLBACK TO history_write")
            try db.execute(sql: "RELEASE history_write")
            Logger.history.error("The history file refused a change, which is dropped: \(error)")
            return .refused
        }
    }

    /// Whether `error` may not happen again at a later commit: the disk (full, failing,
    /// read-only), a lock, memory.
    private static func isTransient(_ error: any Error) -> Bool {
        guard let code = (error as? DatabaseError)?.resultCode else { return false }
        let transient: [ResultCode] = [
            .SQLITE_FULL, .SQLITE_IOERR, .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_NOMEM, .SQLITE_READONLY,
            .SQLITE_CANTOPEN, .SQLITE_PROTOCOL, .SQLITE_INTERRUPT,
        ]
        return transient.contains(code)
    }

    /// Whether `error` says another connection holds the file's lock.
    private static func isInUse(_ error: any Error) -> Bool {
        guard let code = (error as? DatabaseError)?.resultCode else { return false }
        return code == .SQLITE_BUSY || code == .SQLITE_LOCKED
    }

    /// Whether `error` says the file is damaged (SQLite found it corrupt, or not a database).
    private static func isDamage(_ error: any Error) -> Bool {
        guard let code = (error as? DatabaseError)?.resultCode else { return false }
        return code == .SQLITE_CORRUPT || code == .SQLITE_NOTADB
    }

    private func writeFailed(_ error: any Error) {
        batchNeedsReplay = true
        try? database?.writeWithoutTransaction { db in
            if db.isInsideTransaction { try db.execute(sql: "ROLLBACK") }
        }
        guard !failureLogged else { return }
        failureLogged = true
        report(.writeFailed(reason: String(describing: error)))
    }

    // MARK: Reading

    /// `body` over the connection (seeing the open batch); nil when history is off or the
    /// read failed.
    func read<T>(_ body: (Database) throws -> T) -> T? {
        guard let database else { return nil }
        do {
            return try database.writeWithoutTransaction(body)
        } catch {
            if !recoverIfDamaged(error) { Logger.history.error("Reading history failed: \(error)") }
            return nil
        }
    }

    // MARK: Damage

    /// When `error` says the file is damaged (SQLite found it corrupt, or not a database at
    /// all), sets it aside and starts a new one, as at open, and makes the open batch again
    /// there (Chromium's `HistoryBackend::DatabaseErrorCallback` razes the file instead; ours
    /// is kept for the user). Whether that happened.
    private func recoverIfDamaged(_ error: any Error) -> Bool {
        guard let path, Self.isDamage(error) else { return false }
        try? database?.writeWithoutTransaction { db in
            if db.isInsideTransaction { try db.execute(sql: "ROLLBACK") }
        }
        try? database?.close()
        database = nil
        let reason = String(describing: error)
        guard let setAside = DatabaseFiles.setAside(path) else {
            database = try? Self.openInMemory()
            report(.unavailable(reason: reason))
            batchNeedsReplay = true
            return true
        }
        do {
            database = try Self.open(path)
            report(.damaged(setAsidePath: setAside, reason: reason))
        } catch {
            database = try? Self.openInMemory()
            report(.unavailable(reason: String(describing: error)))
        }
        batchNeedsReplay = !batch.isEmpty
        return true
    }
}
