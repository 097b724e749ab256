public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Durable, atomic file replacement: the bytes go to a temporary file in the same
/// directory, which is flushed (fsync), renamed over the target, and the directory is
/// flushed too. Readers see either the old file or the complete new one, and after a
/// successful return the new one survives a crash or power loss. The temporary file never
/// outlives a failed call. If a step up to the rename fails, the target is untouched; if
/// only flushing the directory fails (``FileWriteError/Step/syncDirectory``), the new
/// content is already in place but may not survive a crash.
///
/// Its system calls go through `calls` (``FileSystemCalls``): the system's by default, in
/// tests ones that fail or wait on purpose.
public struct AtomicFileWriter: Sendable {
    private let calls: any FileSystemCalls

    public init(calls: any FileSystemCalls = POSIXFileSystemCalls()) { self.calls = calls }

    /// Writes `data` to `url` atomically and durably with file mode `permissions`.
    public func write(_ data: Data, to url: URL, permissions: mode_t = 0o600) throws(FileWriteError) {
        try write(data, toPath: url.path, permissions: permissions)
    }

    /// Writes `data` to `path` atomically and durably with file mode `permissions`.
    public func write(_ data: Data, toPath path: String, permissions: mode_t = 0o600) throws(FileWriteError) {
        let file = try attempt(.createTemporary, of: path) { () throws(SystemCallError) in
            try calls.makeTemporaryFile(nextTo: path)
        }
        var renamed = false
        defer { if !renamed { try? calls.unlink(file.path) } }
        var open = true
        defer { if open { try? calls.close(file.descriptor) } }

        try attempt(.createTemporary, of: path) { () throws(SystemCallError) in
            try calls.setPermissions(permissions, of: file.descriptor)
        }
        let writeError = data.withUnsafeBytes { buffer -> SystemCallError? in
            var offset = 0
            while offset < buffer.count {
                do throws(SystemCallError) {
                    offset += try calls.write(
                        file.descriptor, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
                } catch {
                    if error.code != EINTR { return error }
                }
            }
            return nil
        }
        if let writeError { throw FileWriteError(path: path, step: .write, code: writeError.code) }
        try attempt(.sync, of: path) { () throws(SystemCallError) in try calls.sync(file.descriptor) }
        open = false
        try attempt(.sync, of: path) { () throws(SystemCallError) in try calls.close(file.descriptor) }
        try attempt(.rename, of: path) { () throws(SystemCallError) in try calls.rename(file.path, to: path) }
        renamed = true
        let directory = (path as NSString).deletingLastPathComponent
        try syncDirectory(directory.isEmpty ? "." : directory, reportingAs: path)
    }

    /// Flushes the directory at `path` so that entries created, renamed or removed in it
    /// are durable.
    public func syncDirectory(_ path: String) throws(FileWriteError) {
        try syncDirectory(path, reportingAs: path)
    }

    private func syncDirectory(_ directory: String, reportingAs path: String) throws(FileWriteError) {
        let descriptor = try attempt(.syncDirectory, of: path) { () throws(SystemCallError) in
            try calls.openDirectory(directory)
        }
        defer { try? calls.close(descriptor) }
        try attempt(.syncDirectory, of: path) { () throws(SystemCallError) in try calls.sync(descriptor) }
    }

    /// Runs `call`, reporting its failure as the failure of `step` in writing `path`.
    private func attempt<T>(
        _ step: FileWriteError.Step, of path: String, _ call: () throws(SystemCallError) -> T
    ) throws(FileWriteError) -> T {
        do throws(SystemCallError) {
            return try call()
        } catch {
            throw FileWriteError(path: path, step: step, code: error.code)
        }
    }
}
