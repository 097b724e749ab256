import Base
import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The one background serial queue all session file IO runs on, with the operations it
/// performs. Operations never throw: failures are logged and recorded, and the caller
/// collects them on the main actor (``takeFailures()``).
final class SessionIO: Sendable {
    private let queue = DispatchQueue(label: "swiftlet.sessions.io", qos: .utility)
    private let failures = Mutex<[SessionProblem.StorageFailure]>([])
    private let bytesWritten = Mutex<Int>(0)
    private static let queueKey = DispatchSpecificKey<ObjectIdentifier>()
    /// Where work on the queue posts its results to the main actor.
    let mainTaskRunner: any MainTaskRunner
    let fileWriter: AtomicFileWriter

    init(
        mainTaskRunner: any MainTaskRunner = DispatchMainTaskRunner(),
        fileWriter: AtomicFileWriter = AtomicFileWriter()
    ) {
        self.mainTaskRunner = mainTaskRunner
        self.fileWriter = fileWriter
        queue.setSpecific(key: Self.queueKey, value: ObjectIdentifier(self))
    }

    /// Whether the caller runs on this IO queue. Work already on the queue calls the
    /// operations directly: a ``sync(_:)`` from there would deadlock (libdispatch traps).
    var isOnQueue: Bool { DispatchQueue.getSpecific(key: Self.queueKey) == ObjectIdentifier(self) }

    /// Runs `work` on the IO queue after everything queued before it (tracked by the main
    /// task runner: it may post to the main actor).
    func async(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: mainTaskRunner.postingWork(work))
    }

    /// Runs `body` on the main actor later (through the main task runner).
    func postToMain(_ body: @escaping @MainActor @Sendable () -> Void) { mainTaskRunner.postTask(body) }

    /// Blocks until everything queued so far has run.
    func waitUntilIdle() { queue.sync {} }

    /// Runs `work` on the IO queue and waits for its result. Never call it from the queue.
    func sync<T: Sendable>(_ work: @Sendable () -> T) -> T {
        precondition(!isOnQueue, "SessionIO.sync: called on the IO queue (nested sync)")
        return queue.sync(execute: work)
    }

    /// Failures recorded since the last call.
    func takeFailures() -> [SessionProblem.StorageFailure] {
        failures.withLock { list in
            defer { list.removeAll() }; return list
        }
    }

    /// Total bytes written by this queue (for benchmarks).
    var totalBytesWritten: Int { bytesWritten.withLock { $0 } }

    /// Records a failure found by a caller's work on the queue.
    func recordFailure(_ failure: SessionProblem.StorageFailure) { fail(failure) }

    private func fail(_ failure: SessionProblem.StorageFailure) {
        Logger.sessions.error("\(failure)")
        failures.withLock { $0.append(failure) }
    }

    // MARK: Operations (call on the queue)

    func createDirectory(_ path: String) -> Bool {
        do {
            try PrivateStorage.createDirectory(atPath: path, fileWriter: fileWriter)
            return true
        } catch {
            fail(.write(reason: "\(error)"))
            return false
        }
    }

    /// Writes `data` atomically and durably (creating the directory if needed).
    @discardableResult
    func write(_ data: Data, to path: String) -> Bool {
        guard createDirectory((path as NSString).deletingLastPathComponent) else { return false }
        do {
            try fileWriter.write(data, toPath: path)
            bytesWritten.withLock { $0 += data.count }
            return true
        } catch {
            fail(.write(reason: "\(error)"))
            return false
        }
    }

    /// Writes a tab's files: state.pb first (or removes it when there is none or it is over
    /// the size limit), then data.pb recording the state's digest.
    @discardableResult
    func writeTab(_ storage: StorageWebStateStorage, state: Data?, in directory: String) -> Bool {
        var storage = storage
        let statePath = SessionLayout.stateFile(inTab: directory)
        if let state, state.count <= SessionFormat.maximumStateSize {
            guard write(state, to: statePath) else { return false }
            storage.nativeStateDigest = StateDigest.of(state)
        } else {
            remove(statePath)
            storage.nativeStateDigest = Data()
        }
        guard let data = try? storage.serializedData() else {
            fail(.encodeTab(path: SessionLayout.dataFile(inTab: directory)))
            return false
        }
        return write(data, to: SessionLayout.dataFile(inTab: directory))
    }

    /// Removes a file or directory tree; missing is fine.
    func remove(_ path: String) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            fail(.remove(path: path, reason: error.localizedDescription))
        }
    }

    /// Copies the directory `source` to `destination` by hard-linking its files (the files
    /// are never modified in place, only replaced, so sharing them is safe). Files already at
    /// the destination are replaced.
    @discardableResult
    func linkDirectory(from source: String, to destination: String) -> Bool {
        guard FileManager.default.fileExists(atPath: source) else { return false }
        guard createDirectory(destination) else { return false }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: source)) ?? []
        var ok = true
        for name in names where !name.hasPrefix(".") {
            let from = SessionLayout.entry(name, in: source)
            let to = SessionLayout.entry(name, in: destination)
            unlink(to)
            if link(from, to) != 0 {
                fail(.link(from: from, to: to, errno: errno))
                ok = false
            }
        }
        if ok { try? fileWriter.syncDirectory(destination) }
        return ok
    }

    /// Renames `source` to `destination` (replacing a file at the destination).
    @discardableResult
    func rename(_ source: String, to destination: String) -> Bool {
        if Glibc.rename(source, destination) != 0 {
            fail(.rename(path: source, errno: errno))
            return false
        }
        try? fileWriter.syncDirectory((destination as NSString).deletingLastPathComponent)
        return true
    }

    /// The contents of a file, or nil when it does not exist or cannot be read.
    func read(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }
}
