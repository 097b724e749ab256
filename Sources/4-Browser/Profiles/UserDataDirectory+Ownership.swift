import Base
import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension UserDataDirectory {
    /// Why a process running as `uid` (this process's user if nil) must not use this directory, if it must not: it runs as
    /// root and the directory, or something directly in it (a profile, `Local State`),
    /// belongs to another user. What root writes there, that user's browser could not read
    /// afterwards: its windows would come back unreadable (what `sudo swiftlet` does to a
    /// profile). Chromium refuses to run as root at all without an explicit flag
    /// (content/browser/zygote_host/zygote_host_impl_linux.cc: "Running as root without
    /// --no-sandbox is not supported"); Swiftlet refuses root where another user's data is.
    /// Nil when the directory does not exist yet, or all of it is root's.
    public func refusalToRun(asUser uid: UInt32? = nil) -> String? {
        guard (uid ?? UInt32(geteuid())) == 0 else { return nil }
        var info = stat()
        // The directory itself may be a link its owner made.
        guard stat(path.path, &info) == 0 else { return nil }
        var owner = info.st_uid
        if owner == 0,
            case .success(let names) = ProfileFileReader.contentsOfDirectory(path.path, followingLink: true)
        {
            for name in names.sorted() where lstat(path.appendingPathComponent(name).path, &info) == 0 {
                if info.st_uid != 0 {
                    owner = info.st_uid
                    break
                }
            }
        }
        guard owner != 0 else { return nil }
        let user = ProfileFileReadError.userName(UInt32(owner))
        return "refusing to run as root on \(path.path), which belongs to "
            + "\(ProfileFileReadError.userDescription(UInt32(owner))): what root wrote there, "
            + "\(user ?? "its owner")'s Swiftlet could not read afterwards. Run swiftlet as \(user ?? "that user") "
            + "(without sudo), or give root a directory of its own with --user-data-dir."
    }
}
