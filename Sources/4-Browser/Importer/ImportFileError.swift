import Foundation

/// Why a browser's file could not be read. Readers throw this rather than crash on a file
/// that is missing, cut short, damaged, or of another program.
public enum ImportFileError: Error, Equatable, CustomStringConvertible {
    /// There is no file at the path, or it cannot be read.
    case missing(path: String)
    /// The file could not be copied or opened (the reason is SQLite's or the file system's).
    case unreadable(path: String, reason: String)
    /// The file opened but is not what the reader expected: `expected` names what it is not.
    case wrongFormat(path: String, expected: String)

    public var description: String {
        switch self {
        case .missing(let path): "\(path): no such file, or it cannot be read"
        case .unreadable(let path, let reason): "\(path) cannot be read: \(reason)"
        case .wrongFormat(let path, let expected): "\(path) is not \(expected)"
        }
    }
}
