import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Every entry under a directory with its kind, size, mode and a hash of its bytes: taken
/// before and after a run, two snapshots are equal only if nothing under it was created,
/// changed, moved or deleted. Links are recorded as links, never followed.
public struct DirectorySnapshot: Equatable, Sendable, CustomStringConvertible {
    /// Each entry's relative path and what it is ("file 7 0644 1a2b…", "link -> /dev/zero").
    public let entries: [String: String]

    /// Takes the snapshot of `directory` (empty when it does not exist).
    public init(of directory: String) {
        var entries: [String: String] = [:]
        Self.walk(directory, prefix: "", into: &entries)
        self.entries = entries
    }

    public var description: String {
        entries.keys.sorted().map { "\($0): \(entries[$0]!)" }.joined(separator: "\n")
    }

    private static func walk(_ directory: String, prefix: String, into entries: inout [String: String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names {
            let path = directory + "/" + name
            let relative = prefix + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let mode = String(info.st_mode & 0o7777, radix: 8)
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                entries[relative] = "directory \(mode) uid \(info.st_uid)"
                walk(path, prefix: relative + "/", into: &entries)
            case S_IFLNK:
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                entries[relative] = "link -> \(target)"
            case S_IFREG:
                let hash = FileManager.default.contents(atPath: path).map(Self.hash) ?? "unreadable"
                entries[relative] = "file \(info.st_size) \(mode) uid \(info.st_uid) \(hash)"
            default:
                entries[relative] = "special \(info.st_mode) uid \(info.st_uid)"
            }
        }
    }

    /// FNV-1a, 64 bits: enough to see that bytes changed.
    private static func hash(_ data: Data) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
        return String(value, radix: 16)
    }
}
