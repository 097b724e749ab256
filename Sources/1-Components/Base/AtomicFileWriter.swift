public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An error from ``AtomicFileWriter``: which file, which step, and the system's reason.
public struct FileWriteError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The step that failed.
    public enum Step: String, Sendable {
        /// Creating the temporary file next to the target.
        case createTemporary = "create temporary file"
        /// Writing the bytes.
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
    /// The step that failed.
    public let step: Step
    /// The `errno` value of the failure.
    public let code: Int32

    /// Creates an error.
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

/// Durable, atomic file replacement: the bytes go to a temporary file in the same
/// directory, which is flushed (fsync), renamed over the target, and the directory is
/// flushed too. Readers see either the old file or the complete new one, and after a
/// successful return the new one survives a crash or power loss. The temporary file never
/// outlives a failed call. If a step up to the rename fails, the target is untouched; if
/// only flushing the directory fails (``FileWriteError/Step/syncDirectory``), the new
/// content is already in place but may not survive a crash.
public enum AtomicFileWriter {
    /// Writes `data` to `url` atomically and durably with file mode `permissions`.
    public static func write(_ data: Data, to url: URL, permissions: mode_t = 0o600) throws(FileWriteError) {
        try write(data, toPath: url.path, permissions: permissions)
    }

    /// Writes `data` to `path` atomically and durably with file mode `permissions`.
    public static func write(
        _ data: Data, toPath path: String, permissions: mode_t = 0o600
    ) throws(FileWriteError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let dirForTemplate = directory.isEmpty ? "." : directory
        waitIfHeld(path)
        if let fault = injectedFault(.createTemporary, path) {
            throw FileWriteError(path: path, step: .createTemporary, code: fault)
        }
        var template = Array("\(dirForTemplate)/.\(name).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileWriteError(path: path, step: .createTemporary, code: errno) }
        let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer { if !renamed { unlink(temporaryPath) } }
        var fdOpen = true
        defer { if fdOpen { close(fd) } }

        if fchmod(fd, permissions) != 0 {
            throw FileWriteError(path: path, step: .createTemporary, code: errno)
        }
        if let fault = injectedFault(.write, path) {
            throw FileWriteError(path: path, step: .write, code: fault)
        }
        let writeError: Int32? = data.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let n = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return nil
        }
        if let writeError { throw FileWriteError(path: path, step: .write, code: writeError) }
        if let fault = injectedFault(.sync, path) {
            throw FileWriteError(path: path, step: .sync, code: fault)
        }
        if fsync(fd) != 0 { throw FileWriteError(path: path, step: .sync, code: errno) }
        fdOpen = false
        if close(fd) != 0 { throw FileWriteError(path: path, step: .sync, code: errno) }
        if let fault = injectedFault(.rename, path) {
            throw FileWriteError(path: path, step: .rename, code: fault)
        }
        if rename(temporaryPath, path) != 0 { throw FileWriteError(path: path, step: .rename, code: errno) }
        renamed = true
        try syncDirectory(dirForTemplate, reportingAs: path)
    }

    /// Flushes the directory at `path` so that entries created, renamed or removed in it
    /// are durable.
    public static func syncDirectory(_ path: String) throws(FileWriteError) {
        try syncDirectory(path, reportingAs: path)
    }

    private static func syncDirectory(_ directory: String, reportingAs path: String) throws(FileWriteError) {
        if let fault = injectedFault(.syncDirectory, path) {
            throw FileWriteError(path: path, step: .syncDirectory, code: fault)
        }
        let dirFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirFD >= 0 else { throw FileWriteError(path: path, step: .syncDirectory, code: errno) }
        defer { close(dirFD) }
        if fsync(dirFD) != 0 { throw FileWriteError(path: path, step: .syncDirectory, code: errno) }
    }

    // MARK: Fault injection (tests only)

    nonisolated(unsafe) private static var faults: [String: (step: FileWriteError.Step, code: Int32)] = [:]
    private static let faultsLock = NSLock()

    /// Makes writes to `path` fail at `step` with `code` until cleared. For tests of
    /// callers' error handling; failures that the system produces need no injection. A
    /// fault at ``FileWriteError/Step/syncDirectory`` also applies to
    /// ``syncDirectory(_:)`` called with `path`.
    @_spi(Testing) public static func injectFault(
        forPath path: String, at step: FileWriteError.Step, code: Int32
    ) {
        faultsLock.withLock { faults[path] = (step, code) }
    }

    /// Removes the injected fault for `path`.
    @_spi(Testing) public static func clearFault(forPath path: String) {
        faultsLock.withLock { _ = faults.removeValue(forKey: path) }
    }

    nonisolated(unsafe) private static var holds:
        [String: (reached: DispatchSemaphore, gate: DispatchSemaphore, waiting: Int)] = [:]

    /// Makes writes to `path` wait, before touching the disk, until
    /// ``releaseWrites(toPath:)``. For tests of callers that must not wait for a slow write.
    @_spi(Testing) public static func holdWrites(toPath path: String) {
        faultsLock.withLock { holds[path] = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), 0) }
    }

    /// Blocks until a write to `path` is waiting on the hold set by ``holdWrites(toPath:)``.
    @_spi(Testing) public static func waitUntilAWriteIsHeld(atPath path: String) {
        faultsLock.withLock { holds[path]?.reached }?.wait()
    }

    /// Lets the held write to `path` (and later ones) go on.
    @_spi(Testing) public static func releaseWrites(toPath path: String) {
        guard let hold = faultsLock.withLock({ holds.removeValue(forKey: path) }) else { return }
        for _ in 0..<hold.waiting { hold.gate.signal() }
    }

    private static func waitIfHeld(_ path: String) {
        let hold = faultsLock.withLock { () -> (reached: DispatchSemaphore, gate: DispatchSemaphore)? in
            holds[path]?.waiting += 1
            return holds[path].map { ($0.reached, $0.gate) }
        }
        guard let hold else { return }
        hold.reached.signal()
        hold.gate.wait()
    }

    private static func injectedFault(_ step: FileWriteError.Step, _ path: String) -> Int32? {
        faultsLock.withLock { faults[path].flatMap { $0.step == step ? $0.code : nil } }
    }
}

/// `write(2)`, named so that it is not shadowed by ``AtomicFileWriter/write(_:toPath:permissions:)``.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, buffer, count)
    #else
    Darwin.write(fd, buffer, count)
    #endif
}
