public import Foundation
import GRDB

/// Firefox's `places.sqlite` (toolkit/components/places/nsPlacesTables.h): bookmarks in
/// `moz_bookmarks`, pages in `moz_places`, visits in `moz_historyvisits`, every time in
/// microseconds since 1970. The file is copied with its `-wal` before it is opened, so that
/// it reads while Firefox runs (it keeps the file in WAL mode, and locks it).
public final class FirefoxPlacesReader {
    public let file: URL
    let snapshot: SQLiteSnapshot

    public init(placesFile: URL) throws(ImportFileError) {
        file = placesFile
        snapshot = try SQLiteSnapshot(
            copying: placesFile, expected: "a Firefox places database",
            tables: ["moz_places", "moz_bookmarks", "moz_historyvisits"])
    }

    /// `read` over the copy, SQLite's errors (a file damaged past its header) as the reader's.
    func read<T>(_ read: (Database) throws -> T) throws(ImportFileError) -> T {
        do {
            return try snapshot.database.read(read)
        } catch {
            throw .unreadable(path: file.path, reason: (error as? DatabaseError)?.message ?? "\(error)")
        }
    }

}
