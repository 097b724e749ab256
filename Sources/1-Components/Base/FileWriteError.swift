#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An error from ``AtomicFileWriter``: which file, which step, and the system's reason.
public struct FileWriteError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Step: String, Sendable {
        /// Creating the temporary file next to the target.
        case createTemporary = "create temporary file"
        case write
        /// Flushing the temporary file to the disk.
        case sync = "fsync"
        /// Renaming the temporary file over the target.
        case rename
        /// Flushing the directory entry.
        case syncDirectory = "fsync directory"
    }

    /// The file that was to be written.
    public let path: String
    public let step: Step
    /// The `errno` value of the failure.
    public let code: Int32

    public init(path: String, step: Step, code: Int32) {
        self.path = path
        self.step = step
        self.code = code
    }

    /// "could not write <path>: <step> failed: <reason>".
    public var description: String {
        "could not write \(path): \(step.rawValue) failed: \(String(cString: strerror(code))) (errno \(code))"
    }
}
