public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Files a user cannot read because another user owns them, as a careless `sudo swiftlet`
/// leaves in a profile. Root reads anything: a test that runs as root makes the files, then
/// drops its privileges — in a child process, an exit test, since it cannot get them back.
public enum ForeignOwnership {
    /// The user the test becomes (`nobody`).
    public static let user: uid_t = 65534
    /// The user that owns the files it may not read.
    public static let owner: uid_t = 4242

    /// Whether this process runs as root (and so must drop its privileges to be refused).
    public static var isRoot: Bool { geteuid() == 0 }

    /// Makes `path` (a file or a directory, not what it contains) belong to ``owner`` with
    /// mode 000. Only root can give a file away; as another user, the file keeps its owner
    /// and only its mode changes (then ``user`` is this user).
    public static func makeUnreadable(_ path: String) {
        if isRoot { precondition(lchown(path, owner, gid_t(owner)) == 0, "chown \(path): \(errno)") }
        precondition(chmod(path, 0) == 0, "chmod \(path): \(errno)")
    }

    /// Gives everything under `directory` (itself included) to ``user``, then makes this
    /// process ``user``: from now on it cannot read what ``makeUnreadable(_:)`` made. Call it
    /// in an exit test only, after making the files; as another user than root it does
    /// nothing (the files are unreadable already).
    public static func becomeUser(owning directory: String) {
        guard isRoot else { return }
        let names = Set(FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? [])
        precondition(lchown(directory, user, gid_t(user)) == 0, "chown \(directory): \(errno)")
        for name in names {
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_uid == 0 else { continue }
            precondition(lchown(path, user, gid_t(user)) == 0, "chown \(path): \(errno)")
        }
        // The user must reach the directory: the test's temporary directories on the way
        // (made 0700 by root) let others search them.
        let temporary = URL(fileURLWithPath: NSTemporaryDirectory()).standardizedFileURL.path
        var ancestor = (directory as NSString).deletingLastPathComponent
        while ancestor.hasPrefix(temporary + "/") {
            var info = stat()
            if stat(ancestor, &info) == 0 { chmod(ancestor, (info.st_mode & 0o7777) | 0o001) }
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        precondition(setgroups(0, nil) == 0, "setgroups: \(errno)")
        precondition(setgid(gid_t(user)) == 0, "setgid: \(errno)")
        precondition(setuid(user) == 0, "setuid: \(errno)")
    }
}
