public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way a file of the user data directory is read (session lists and tabs, recently
/// closed, `Preferences`, `Local State`, and every file the profile gains later). Profile
/// files can be written by hand, by another program or by an attacker; reading one never
/// blocks, never follows a link, and never reads without bound:
///
/// - a symbolic link in the file's place is refused, not followed (`O_NOFOLLOW`);
/// - only a regular file is opened at all (checked with `lstat` before the open, so that a
///   device is never opened, and with `fstat` after, on what was actually opened); the open
///   does not block (`O_NONBLOCK`: a named pipe without a writer would wait forever);
/// - at most `limit` bytes are read: a larger file is refused.
///
/// Every other outcome is a ``ProfileFileReadError``: the caller reports it like any damaged
/// file, and sets aside what ``ProfileFileReadError/isUnusable`` says can never be read.
/// Callable from any thread.
public enum ProfileFileReader {
    /// The bytes of the regular file at `path`, at most `limit` of them.
    public static func read(_ path: String, limit: Int) -> Result<Data, ProfileFileReadError> {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .failure(lstatError(errno, path)) }
        if let refused = refusal(info, limit: limit) { return .failure(refused) }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return .failure(openError(errno, owner: UInt32(info.st_uid))) }
        defer { close(descriptor) }
        // What was opened may not be what lstat saw (the entry can be replaced in between).
        guard fstat(descriptor, &info) == 0 else { return .failure(.io(errno: errno)) }
        if let refused = refusal(info, limit: limit) { return .failure(refused) }
        return readAll(descriptor, expected: Int(info.st_size), limit: limit)
    }

    /// The names in the directory at `path` (without `.` and `..`, in no order). A link in
    /// the directory's place is refused like a link in a file's place: nothing is listed
    /// through it. Pass `followingLink` for a directory the user named (the user data
    /// directory itself may be a link the user made).
    public static func contentsOfDirectory(
        _ path: String, followingLink: Bool = false
    ) -> Result<[String], ProfileFileReadError> {
        var info = stat()
        let found = followingLink ? stat(path, &info) : lstat(path, &info)
        guard found == 0 else { return .failure(lstatError(errno, path)) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: return .failure(.symbolicLink)
        default: return .failure(refusal(info, limit: 0) ?? .notARegularFile(kind: "a file"))
        }
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW)
        let descriptor = open(path, flags)
        guard descriptor >= 0 else { return .failure(openError(errno, owner: UInt32(info.st_uid))) }
        guard let directory = fdopendir(descriptor) else {
            close(descriptor)
            return .failure(.io(errno: errno))
        }
        defer { closedir(directory) }
        var names: [String] = []
        errno = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        if errno != 0 { return .failure(.io(errno: errno)) }
        return .success(names)
    }

    /// Why this user could not read what is at `path` (a file, or a directory to list), if it
    /// could not: permission denied, naming the owner, or an I/O error. Nil for what can be
    /// read, what is missing, and what is not a file or a directory (those are damaged, not
    /// unreadable). Reads nothing.
    public static func readability(_ path: String) -> ProfileFileReadError? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let error = lstatError(errno, path)
            return error == .missing ? nil : error
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFDIR else { return nil }
        let wanted = kind == S_IFDIR ? R_OK | X_OK : R_OK
        guard access(path, wanted) != 0 else { return nil }
        return errno == EACCES || errno == EPERM
            ? .permissionDenied(owner: UInt32(info.st_uid)) : .io(errno: errno)
    }

    private static func readAll(
        _ descriptor: Int32, expected: Int, limit: Int
    ) -> Result<Data, ProfileFileReadError> {
        var data = Data(capacity: min(max(expected, 0), limit))
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return .success(data) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.io(errno: errno))
            }
            // The file grew while it was read.
            guard data.count + count <= limit else {
                return .failure(.tooLarge(size: data.count + count, limit: limit))
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Why the entry described by `info` is not read, if it is not.
    private static func refusal(_ info: stat, limit: Int) -> ProfileFileReadError? {
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return Int(info.st_size) > limit ? .tooLarge(size: Int(info.st_size), limit: limit) : nil
        case S_IFLNK: return .symbolicLink
        case S_IFDIR: return .notARegularFile(kind: "a directory")
        case S_IFIFO: return .notARegularFile(kind: "a named pipe")
        case S_IFCHR: return .notARegularFile(kind: "a character device")
        case S_IFBLK: return .notARegularFile(kind: "a block device")
        case S_IFSOCK: return .notARegularFile(kind: "a socket")
        default: return .notARegularFile(kind: "an unknown kind of file")
        }
    }

    /// The error of an `lstat` of `path` that failed with `code`. Permission is denied by a
    /// directory on the way that this user may not search: its owner is the one to name.
    private static func lstatError(_ code: Int32, _ path: String) -> ProfileFileReadError {
        guard code == EACCES else { return openError(code, owner: nil) }
        var ancestor = (path as NSString).deletingLastPathComponent
        var info = stat()
        while !ancestor.isEmpty && ancestor != "/" {
            if lstat(ancestor, &info) == 0 { return .permissionDenied(owner: UInt32(info.st_uid)) }
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        return .permissionDenied(owner: nil)
    }

    private static func openError(_ code: Int32, owner: UInt32?) -> ProfileFileReadError {
        switch code {
        case ENOENT, ENOTDIR: .missing
        case ELOOP: .symbolicLink
        case EACCES, EPERM: .permissionDenied(owner: owner)
        default: .io(errno: code)
        }
    }
}

/// `read(2)`, named so that it is not shadowed by ``ProfileFileReader/read(_:limit:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}
