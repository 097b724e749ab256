import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Something other than a usable file, put by a test where a profile file belongs, as a
/// careless or hostile hand could: each must be refused at once, never waited on, never
/// read without bound, never followed out of the profile.
public enum HostileEntry: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
    /// A named pipe with no writer: a blocking open of it waits forever.
    case namedPipe
    /// A symbolic link to `/dev/zero`: read through, it never ends.
    case linkToDevZero
    /// A symbolic link to a file outside the profile.
    case linkToFileOutside
    /// A symbolic link to a directory outside the profile.
    case linkToDirectoryOutside
    case directory
    /// A sparse file of 4 GiB: far beyond any limit, though it costs no disk space.
    case hugeFile

    public var description: String { rawValue }

    /// Makes the entry at `path` (whose parent must exist and where nothing must be), with
    /// what a link points to made in `outside`, a directory outside the profile.
    public func make(at path: String, outside: String) {
        let manager = FileManager.default
        switch self {
        case .namedPipe:
            precondition(mkfifo(path, 0o600) == 0, "HostileEntry.make: mkfifo \(path): \(errno)")
        case .linkToDevZero:
            try! manager.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        case .linkToFileOutside:
            let target = outside + "/target-of-" + (path as NSString).lastPathComponent
            if !manager.fileExists(atPath: target) {
                _ = manager.createFile(atPath: target, contents: Data("outside".utf8))
            }
            try! manager.createSymbolicLink(atPath: path, withDestinationPath: target)
        case .linkToDirectoryOutside:
            try! manager.createSymbolicLink(atPath: path, withDestinationPath: outside)
        case .directory:
            try! manager.createDirectory(atPath: path, withIntermediateDirectories: false)
            _ = manager.createFile(atPath: path + "/inside", contents: Data("inside".utf8))
        case .hugeFile:
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            precondition(descriptor >= 0, "HostileEntry.make: create \(path): \(errno)")
            precondition(ftruncate(descriptor, 4 << 30) == 0, "HostileEntry.make: ftruncate: \(errno)")
            close(descriptor)
        }
    }

    /// Puts the entry in place of what is at `path` now (removed first; a directory with
    /// everything in it).
    public func replace(_ path: String, outside: String) {
        try? FileManager.default.removeItem(atPath: path)
        make(at: path, outside: outside)
    }
}
