#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why ``ProfileFileReader`` did not return a file's bytes.
public enum ProfileFileReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing is there (or a component of the path is not a directory).
    case missing
    /// A symbolic link is where the file belongs: it is not followed (it could lead anywhere,
    /// to a device or out of the profile).
    case symbolicLink
    /// Something other than a regular file is there; `kind` names it ("a directory", "a named
    /// pipe", "a character device" …).
    case notARegularFile(kind: String)
    /// The file is larger than the limit of its kind (`size` and `limit` in bytes).
    case tooLarge(size: Int, limit: Int)
    /// This user may not read the file; `owner` is the user id that owns it, when known.
    case permissionDenied(owner: UInt32?)
    /// The system failed to open or read it (`errno`).
    case io(errno: Int32)

    /// The reason in words, e.g. "it is a named pipe, not a file".
    public var description: String {
        switch self {
        case .missing: "the file is missing"
        case .symbolicLink: "it is a symbolic link, which is not followed"
        case .notARegularFile(let kind): "it is \(kind), not a file"
        case .tooLarge(let size, let limit): "it is too large (\(size) bytes; the limit is \(limit))"
        case .permissionDenied(let owner?):
            "permission denied (it belongs to \(Self.userDescription(owner)))"
        case .permissionDenied(nil): "permission denied"
        case .io(let code): "\(String(cString: strerror(code))) (errno \(code))"
        }
    }

    /// Whether what is there can never be read as this kind of file, by anyone: a link, not a
    /// regular file, or too large. The caller sets it aside like a damaged file (a rename
    /// moves a link or a pipe itself, never what it points to). A missing file, one this user
    /// may not read and an I/O error are left where they are.
    public var isUnusable: Bool {
        switch self {
        case .symbolicLink, .notARegularFile, .tooLarge: true
        case .missing, .permissionDenied, .io: false
        }
    }

    /// "alice (uid 1000)", or "uid 1000" for a user the system does not name.
    public static func userDescription(_ uid: UInt32) -> String {
        userName(uid).map { "\($0) (uid \(uid))" } ?? "uid \(uid)"
    }

    /// The login name of `uid`, if the system knows it.
    public static func userName(_ uid: UInt32) -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(uid_t(uid), &entry, &buffer, buffer.count, &result) == 0, result != nil,
            let name = entry.pw_name
        else { return nil }
        return String(cString: name)
    }
}
