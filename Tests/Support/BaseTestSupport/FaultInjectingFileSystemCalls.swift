public import Base
import Dispatch
public import Glibc
import Synchronization

/// The system's file calls (``POSIXFileSystemCalls``), except that a write to a chosen path
/// can be made to fail at a chosen step, or to wait: for tests of how callers of
/// ``AtomicFileWriter`` handle a full or failing disk, or a slow one. Hand ``writer`` to the
/// code under test.
public final class FaultInjectingFileSystemCalls: FileSystemCalls {
    private struct Hold {
        let reached = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        var waiting = 0
    }

    private struct State {
        var faults: [String: (step: FileWriteError.Step, code: Int32)] = [:]
        var holds: [String: Hold] = [:]
        /// The target path of each temporary file open for writing.
        var targets: [Int32: String] = [:]
    }

    private let system = POSIXFileSystemCalls()
    private let state = Mutex(State())

    public init() {}

    /// A writer making its calls here.
    public var writer: AtomicFileWriter { AtomicFileWriter(calls: self) }

    /// Makes writes to `path` fail at `step` with `code` until cleared. At
    /// ``FileWriteError/Step/syncDirectory``, `path` is the directory: flushing it fails,
    /// after a write of a file in it or alone (``AtomicFileWriter/syncDirectory(_:)``).
    public func injectFault(forPath path: String, at step: FileWriteError.Step, code: Int32) {
        state.withLock { $0.faults[path] = (step, code) }
    }

    public func clearFault(forPath path: String) {
        _ = state.withLock { $0.faults.removeValue(forKey: path) }
    }

    /// Makes writes to `path` wait, before touching the disk, until
    /// ``releaseWrites(toPath:)``. For tests of callers that must not wait for a slow write.
    public func holdWrites(toPath path: String) {
        state.withLock { $0.holds[path] = Hold() }
    }

    /// Blocks until a write to `path` is waiting on the hold set by ``holdWrites(toPath:)``.
    public func waitUntilAWriteIsHeld(atPath path: String) {
        state.withLock { $0.holds[path]?.reached }?.wait()
    }

    /// Lets the held write to `path` (and later ones) go on.
    public func releaseWrites(toPath path: String) {
        guard let hold = state.withLock({ $0.holds.removeValue(forKey: path) }) else { return }
        for _ in 0..<hold.waiting { hold.gate.signal() }
    }

    private func fault(_ step: FileWriteError.Step, _ path: String?) throws(SystemCallError) {
        guard let path else { return }
        if let code = state.withLock({ $0.faults[path].flatMap { $0.step == step ? $0.code : nil } }) {
            throw SystemCallError(code: code)
        }
    }

    private func target(of descriptor: Int32) -> String? { state.withLock { $0.targets[descriptor] } }

    // MARK: FileSystemCalls

    public func makeTemporaryFile(
        nextTo path: String
    ) throws(SystemCallError) -> (descriptor: Int32, path: String) {
        let hold = state.withLock { state -> Hold? in
            state.holds[path]?.waiting += 1
            return state.holds[path]
        }
        if let hold {
            hold.reached.signal()
            hold.gate.wait()
        }
        try fault(.createTemporary, path)
        let file = try system.makeTemporaryFile(nextTo: path)
        state.withLock { $0.targets[file.descriptor] = path }
        return file
    }

    public func setPermissions(_ permissions: mode_t, of descriptor: Int32) throws(SystemCallError) {
        try system.setPermissions(permissions, of: descriptor)
    }

    public func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        try fault(.write, target(of: descriptor))
        return try system.write(descriptor, bytes)
    }

    public func sync(_ descriptor: Int32) throws(SystemCallError) {
        try fault(.sync, target(of: descriptor))
        try system.sync(descriptor)
    }

    public func close(_ descriptor: Int32) throws(SystemCallError) {
        _ = state.withLock { $0.targets.removeValue(forKey: descriptor) }
        try system.close(descriptor)
    }

    public func rename(_ source: String, to destination: String) throws(SystemCallError) {
        try fault(.rename, destination)
        try system.rename(source, to: destination)
    }

    public func unlink(_ path: String) throws(SystemCallError) { try system.unlink(path) }

    public func openDirectory(_ path: String) throws(SystemCallError) -> Int32 {
        try fault(.syncDirectory, path)
        return try system.openDirectory(path)
    }
}
