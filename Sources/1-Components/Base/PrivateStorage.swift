import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creation and removal of the browser's private directories: every directory it creates is
/// mode 0700 (files are written 0600 by ``AtomicFileWriter``) and durable: the parent of each
/// directory it makes is fsynced before it returns, so a power loss cannot take back a
/// directory whose files were then written and reported saved.
public enum PrivateStorage {
    /// An error creating or removing a directory.
    public struct Error: Swift.Error, CustomStringConvertible, Equatable, Sendable {
        /// The directory.
        public let path: String
        /// What was attempted.
        public let operation: String
        /// The `errno` value.
        public let code: Int32

        /// "could not <operation> <path>: <reason>".
        public var description: String {
            "could not \(operation) \(path): \(String(cString: strerror(code))) (errno \(code))"
        }
    }

    /// Creates `path` and any missing parents with mode 0700, fsyncing the parent of each
    /// directory it makes (through `fileWriter`); an existing directory is left as it is (its
    /// mode is not changed).
    public static func createDirectory(
        atPath path: String, fileWriter: AtomicFileWriter = AtomicFileWriter()
    ) throws(PrivateStorage.Error) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return }
            throw Error(path: path, operation: "create directory", code: ENOTDIR)
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path { try createDirectory(atPath: parent, fileWriter: fileWriter) }
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw Error(path: path, operation: "create directory", code: errno)
        }
        // The umask may have removed bits we want; make the mode exact.
        if chmod(path, 0o700) != 0 { throw Error(path: path, operation: "set permissions of", code: errno) }
        // The new entry lives in the parent directory: make it durable.
        do {
            try fileWriter.syncDirectory(parent.isEmpty ? "." : parent)
        } catch {
            throw Error(path: parent, operation: "fsync the parent directory of \(path) in", code: error.code)
        }
    }

    /// Removes `path` and everything below it; a missing path is not an error.
    public static func removeDirectory(atPath path: String) throws(PrivateStorage.Error) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw Error(path: path, operation: "remove", code: (error as NSError).code == 0 ? EIO : EACCES)
        }
    }
}
