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
    /// The directory nothing leads out of (the profile): no operation writes, links, renames
    /// or deletes through a symbolic link below it. Nil: no confinement (for a file directly
    /// in a profile, whose writes replace a link rather than follow it).
    let confinement: String?

    init(
        mainTaskRunner: any MainTaskRunner = DispatchMainTaskRunner(),
        fileWriter: AtomicFileWriter = AtomicFileWriter(), confinedTo confinement: String? = nil
    ) {
        self.mainTaskRunner = mainTaskRunner
        self.fileWriter = fileWriter
        self.confinement = confinement
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

    /// Whether `path` (and, with `itself`, the entry at `path`) is reached without a symbolic
    /// link below ``confinement``; a link found is reported and left as it is.
    func isConfined(_ path: String, itself: Bool = false) -> Bool {
        guard let confinement,
            let link = LinkFreePath.firstLink(onPathTo: path, below: confinement, includingItself: itself)
        else { return true }
        fail(.linkInPlace(path: link))
        return false
    }

    func createDirectory(_ path: String) -> Bool {
        guard isConfined(path, itself: true) else { return false }
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

    /// Removes what Swiftlet made at `path`, an entry of a `kind` directory (a session
    /// directory, named by its caller, is `.session` itself); missing is fine. A link is
    /// removed as a link, never followed. A directory loses only the entries Swiftlet names
    /// (``SessionLayout/isSwiftletName(_:in:)``), recursively, and goes once empty; anything
    /// else in it stays, reported, and so does the directory. A file this user may not read
    /// stays too: it is not known to be Swiftlet's to lose.
    func remove(_ path: String, kind: SessionLayout.DirectoryKind? = nil) {
        guard isConfined(path) else { return }
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            removeTree(path, kind: kind ?? .foreign)
        case S_IFREG where ProfileFileReader.readability(path) != nil:
            fail(.keptInPlace(path: path, reason: "it cannot be read"))
        default:
            if unlink(path) != 0 && errno != ENOENT {
                fail(.remove(path: path, reason: String(cString: strerror(errno))))
            }
        }
    }

    private func removeTree(_ directory: String, kind: SessionLayout.DirectoryKind) {
        let names: [String]
        switch ProfileFileReader.contentsOfDirectory(directory) {
        case .success(let found): names = found
        case .failure(.missing): return
        case .failure(let error):
            fail(.keptInPlace(path: directory, reason: error.description))
            return
        }
        for name in names {
            let path = SessionLayout.entry(name, in: directory)
            guard SessionLayout.isSwiftletName(name, in: kind) else {
                fail(.keptInPlace(path: path, reason: "it is not Swiftlet's"))
                continue
            }
            remove(path, kind: SessionLayout.childKind(name, in: kind))
        }
        if rmdir(directory) != 0 && errno != ENOENT && errno != ENOTEMPTY && errno != EEXIST {
            fail(.remove(path: directory, reason: String(cString: strerror(errno))))
        }
    }

    /// Copies the directory `source` to `destination` by hard-linking its files (the files
    /// are never modified in place, only replaced, so sharing them is safe). Files already at
    /// the destination are replaced.
    @discardableResult
    func linkDirectory(from source: String, to destination: String) -> Bool {
        guard isConfined(source, itself: true), isConfined(destination, itself: true) else { return false }
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
        guard isConfined(source), isConfined(destination) else { return false }
        if Glibc.rename(source, destination) != 0 {
            fail(.rename(path: source, errno: errno))
            return false
        }
        try? fileWriter.syncDirectory((destination as NSString).deletingLastPathComponent)
        return true
    }

    /// The contents of the session file at `path`, read by ``ProfileFileReader`` (never
    /// blocking, never through a link, at most `limit` bytes).
    func read(
        _ path: String, limit: Int = SessionFormat.maximumFileSize
    ) -> Result<Data, ProfileFileReadError> {
        ProfileFileReader.read(path, limit: limit)
    }
}
