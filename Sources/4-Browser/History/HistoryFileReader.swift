import Foundation
import GRDB

/// A profile's `History` file opened read-only, for the command line: it can read the file
/// of a browser that is running (the journal is WAL, so a reader sees the last commit and
/// never blocks the writer) or one that crashed, and changes nothing.
public final class HistoryFileReader {
    /// Why a file could not be read.
    public struct ReadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The file read.
    public let path: String
    /// The file's schema version (Chromium's files have theirs: they are read too).
    public let schemaVersion: Int

    private let database: DatabaseQueue

    /// Opens the file at `path`.
    public init(path: String) throws(ReadError) {
        self.path = path
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ReadError(description: "\(path): no history file, or it cannot be read")
        }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.label = "History (read-only)"
            database = try DatabaseQueue(path: path, configuration: configuration)
            let version = try database.read { db in try HistoryDatabase.versions(db)?.version }
            guard let version else {
                throw ReadError(description: "\(path): not a history file (no version)")
            }
            schemaVersion = version
        } catch let error as ReadError {
            throw error
        } catch {
            throw ReadError(description: "\(path): \(error)")
        }
    }

    /// Visits, newest first, as ``HistoryService/queryHistory(_:options:)`` answers.
    public func queryHistory(_ text: String, options: HistoryQueryOptions) throws(ReadError) -> [HistoryEntry]
    {
        do {
            return try database.read { try HistoryDatabase.queryHistory($0, text: text, options: options) }
        } catch {
            throw ReadError(description: "\(path): \(error)")
        }
    }

    deinit { try? database.close() }
}
