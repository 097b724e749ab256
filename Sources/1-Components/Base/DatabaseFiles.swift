import Foundation

/// An SQLite database on disk is its file and the journal files beside it (`-wal`, `-shm`,
/// `-journal`): what moves or goes, moves or goes together.
public enum DatabaseFiles {
    /// The suffixes of the files that belong to a database file, itself first.
    public static let suffixes = ["", "-wal", "-shm", "-journal"]

    /// Moves the database at `path` and its journal files to the first free name of
    /// `<file>.bad`, `<file>.bad.1`, … (a file set aside earlier is never overwritten), and
    /// returns that name; nil when the database file itself could not be moved (a journal
    /// file that cannot be moved is removed: without its database it is nothing).
    public static func setAside(_ path: String) -> String? {
        let files = FileManager.default
        var target = path + ".bad"
        var number = 0
        while suffixes.contains(where: { files.fileExists(atPath: target + $0) }) {
            number += 1
            target = path + ".bad.\(number)"
        }
        guard (try? files.moveItem(atPath: path, toPath: target)) != nil else { return nil }
        for suffix in suffixes.dropFirst() where files.fileExists(atPath: path + suffix) {
            if (try? files.moveItem(atPath: path + suffix, toPath: target + suffix)) == nil {
                try? files.removeItem(atPath: path + suffix)
            }
        }
        return target
    }

    /// Removes the database at `path` and its journal files.
    public static func remove(_ path: String) {
        for suffix in suffixes { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
