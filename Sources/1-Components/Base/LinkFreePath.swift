import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a path stays inside the tree it names: a symbolic link where a directory of the
/// tree should be leads anywhere (out of the profile, to another user's files), so nothing
/// is written, linked, renamed or deleted through one.
public enum LinkFreePath {
    /// The first entry strictly below `root` on the way to `path` that is a symbolic link:
    /// each directory holding `path`, and `path` itself when `includingItself`. Nil when there
    /// is none, or when `path` is not below `root`; an entry that does not exist ends the walk
    /// (there is nothing to follow below it).
    public static func firstLink(
        onPathTo path: String, below root: String, includingItself: Bool = false
    ) -> String? {
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        guard path.hasPrefix(base + "/") else { return nil }
        var components = path.dropFirst(base.count + 1).split(separator: "/", omittingEmptySubsequences: true)
        if !includingItself { components = components.dropLast() }
        var current = base
        var info = stat()
        for component in components {
            current += "/" + component
            guard lstat(current, &info) == 0 else { return nil }
            if info.st_mode & S_IFMT == S_IFLNK { return current }
        }
        return nil
    }
}
