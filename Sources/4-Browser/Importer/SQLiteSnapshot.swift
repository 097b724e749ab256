import Foundation
import GRDB

/// A browser's SQLite file copied, with its `-wal` or `-journal`, to a directory of its own
/// and opened read-only there: the browser may hold the file locked (Chromium opens `History`
/// in exclusive locking mode) or be writing it (Firefox's `places.sqlite` is in WAL mode), and
/// the copy is read as the last commit left it, while the original is never opened at all.
/// The copy goes when the snapshot does.
final class SQLiteSnapshot {
    let database: DatabaseQueue
    private let directory: URL

    /// Copies `file` and opens the copy; `tables` are those the file must have to be
    /// `expected` (the error names it otherwise).
    init(copying file: URL, expected: String, tables: [String]) throws(ImportFileError) {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue,
            fileManager.isReadableFile(atPath: file.path)
        else { throw .missing(path: file.path) }
        directory = fileManager.temporaryDirectory.appending(
            path: "swiftlet-import-\(UUID().uuidString)", directoryHint: .isDirectory)
        let copy = directory.appending(path: file.lastPathComponent)
        do {
            try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
            try fileManager.copyItem(at: file, to: copy)
            for suffix in ["-wal", "-journal"] {
                let companion = URL(filePath: file.path + suffix)
                if fileManager.fileExists(atPath: companion.path) {
                    try fileManager.copyItem(at: companion, to: URL(filePath: copy.path + suffix))
                }
            }
            database = try Self.open(copy)
        } catch {
            try? fileManager.removeItem(at: directory)
            if let error = error as? DatabaseError, error.resultCode == .SQLITE_NOTADB {
                throw .wrongFormat(path: file.path, expected: expected)
            }
            throw .unreadable(path: file.path, reason: Self.reason(error))
        }
        do {
            let missing = try database.read { db in try tables.filter { try !db.tableExists($0) } }
            guard missing.isEmpty else {
                try? database.close()
                try? fileManager.removeItem(at: directory)
                throw ImportFileError.wrongFormat(path: file.path, expected: expected)
            }
        } catch let error as ImportFileError {
            throw error
        } catch {
            try? database.close()
            try? fileManager.removeItem(at: directory)
            // SQLite reads the header lazily: a file that is not a database fails here.
            throw .wrongFormat(path: file.path, expected: expected)
        }
    }

    /// Opens `copy` read-only. A copy taken in the middle of a transaction has a hot journal
    /// that a read-only connection cannot roll back (SQLITE_READONLY_ROLLBACK): the copy, which
    /// is ours, is then opened once for writing so that SQLite rolls it back to the last
    /// commit, and again read-only.
    private static func open(_ copy: URL) throws -> DatabaseQueue {
        do {
            return try openReadOnly(copy)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            let writer = try DatabaseQueue(path: copy.path)
            _ = try writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
            try writer.close()
            return try openReadOnly(copy)
        }
    }

    private static func openReadOnly(_ copy: URL) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "Import (read-only copy)"
        let queue = try DatabaseQueue(path: copy.path, configuration: configuration)
        do {
            _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
            return queue
        } catch {
            try? queue.close()
            throw error
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return (error as NSError).localizedDescription
    }

    deinit {
        try? database.close()
        try? FileManager.default.removeItem(at: directory)
    }
}
