public import Base
import Dispatch
import Foundation
import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file behind a persistent ``PrefService``: one JSON object in Chromium's layout,
/// where a dotted name is a path of nested objects (`"browser.show_home_button"` is
/// stored as `{"browser": {"show_home_button": false}}`).
///
/// Only values that differ from their default are written. Keys that this version does
/// not register are kept and written back unchanged. Changes are coalesced: the first
/// change after a write schedules the next one ``writeDelay`` later on the injected
/// clock; ``commitPendingWrite(waitUntilDone:)`` writes at once. Files are written
/// atomically and durably (``AtomicFileWriter``, mode 0600) on a background serial
/// queue; a missing directory is created with mode 0700. Write failures are logged and
/// retried on the clock after ``scheduledWriteDelay`` (doubling per failure in a row, capped).
///
/// Reading happens once, synchronously, when a ``PrefService`` is created with the store,
/// through ``ProfileFileReader`` (never blocking, never through a link, at most
/// ``maximumFileSize`` bytes). A missing file means "all defaults". A file that is empty,
/// not valid JSON, not a JSON object, or not a regular file within the limit (a link, a
/// named pipe, a directory) is moved aside to `<path>.bad` (replacing an older one), logged
/// and reported in ``loadProblem``; the defaults are used. A value of the wrong kind for a
/// registered pref resets that pref alone to its default, logged and reported in
/// ``valueProblems``; the file is rewritten without it after the write delay. A file that this user may not read (or that the disk fails to
/// give), or that cannot be moved aside, is left alone and the store becomes read-only
/// (``isReadOnly``) so that it is never overwritten. Pending changes are written (synchronously) when the store
/// is released.
@MainActor
public final class JSONPrefStore {
    /// The prefs file.
    public let path: String
    /// How long after a change the file is written.
    public let writeDelay: Duration
    /// What was wrong with the file as a whole when it was read, if anything.
    public private(set) var loadProblem: PrefLoadProblem?
    /// The registered prefs whose stored value had the wrong kind when the file was read
    /// (``PrefLoadProblem/Reason/wrongType(pref:expected:)``), in name order: each was reset
    /// to its default alone.
    public private(set) var valueProblems: [PrefLoadProblem] = []
    /// Whether changes are never written (the file could not be read or moved aside).
    public private(set) var isReadOnly = false
    /// Whether there was no file when it was read (all defaults).
    public private(set) var fileWasMissing = false
    /// The number of writes started so far.
    public private(set) var writeCount = 0

    private let timer: OneShotTimer
    private let queue = DispatchQueue(label: "swiftlet.prefs.io")
    private let mainTaskRunner: any MainTaskRunner
    private let fileWriter: AtomicFileWriter
    private var registry: PrefRegistry?
    /// The file's content without the registered prefs.
    private var unknownMembers: [String: JSONValue] = [:]
    /// The registered prefs' values to write (non-default ones only).
    private var values: [String: PrefValue] = [:]

    /// Creates a store for the file at `path`; nothing is read until a ``PrefService``
    /// is created with it.
    /// Write completions reach the main actor through `mainTaskRunner`; `fileWriter` writes.
    public init(
        path: String, clock: any TimerClock, mainTaskRunner: any MainTaskRunner = DispatchMainTaskRunner(),
        writeDelay: Duration = .seconds(1), fileWriter: AtomicFileWriter = AtomicFileWriter()
    ) {
        self.path = path
        self.mainTaskRunner = mainTaskRunner
        self.fileWriter = fileWriter
        self.writeDelay = writeDelay
        self.timer = OneShotTimer(clock: clock)
    }

    /// The largest prefs file read: a few tens of megabytes is far more than any real
    /// profile's settings; what is larger is moved aside as damaged rather than read.
    public nonisolated static let maximumFileSize = 64 << 20

    /// `<path>.bad`, where a file that could not be used is moved.
    public var badFilePath: String { path + ".bad" }

    /// Whether a change is waiting for the write delay to pass.
    public private(set) var hasPendingWrite = false

    isolated deinit {
        // The last changes must not be lost if the owner did not flush.
        commitPendingWrite(waitUntilDone: true)
    }

    // MARK: Writing

    /// Starts writing pending changes now instead of after the delay. With
    /// `waitUntilDone`, returns only once they, and every write started before, are on
    /// disk (or have failed); without pending changes it then only waits.
    public func commitPendingWrite(waitUntilDone: Bool = false) {
        guard hasPendingWrite else {
            if waitUntilDone { queue.sync {} }
            return
        }
        hasPendingWrite = false
        timer.stop()
        writeCount += 1
        let document = JSONValue.object(documentMembers())
        let path = self.path
        let fileWriter = self.fileWriter
        if waitUntilDone {
            if let failure = queue.sync(execute: { Self.write(document, to: path, with: fileWriter) }) {
                Logger.prefs.error("\(failure)")
                writeFailed()
            } else {
                failuresInARow = 0
            }
        } else {
            let runner = mainTaskRunner
            let work = runner.postingWork { [weak self] in
                let failure = Self.write(document, to: path, with: fileWriter)
                if let failure { Logger.prefs.error("\(failure)") }
                runner.postTask {
                    if failure == nil { self?.failuresInARow = 0 } else { self?.writeFailed() }
                }
            }
            queue.async(execute: work)
        }
    }

    /// The longest a retry waits while writes keep failing.
    public static let maximumRetryDelay: Duration = .seconds(60)

    /// Writes that failed in a row (reset by one that succeeds).
    public private(set) var failuresInARow = 0

    /// How long the next scheduled write waits: ``writeDelay``, doubled for each write in a
    /// row that failed (a full disk is not rewritten every second), at most
    /// ``maximumRetryDelay``.
    public var scheduledWriteDelay: Duration {
        guard failuresInARow > 0 else { return writeDelay }
        return min(writeDelay * (1 << min(failuresInARow, 16)), max(writeDelay, Self.maximumRetryDelay))
    }

    /// A write failed (disk full, IO error): the values are still to be written, and a retry
    /// is scheduled on the clock, later with each failure in a row.
    private func writeFailed() {
        failuresInARow += 1
        guard !isReadOnly else { return }
        hasPendingWrite = true
        timer.stop()
        timer.start(after: scheduledWriteDelay) { [weak self] in self?.commitPendingWrite() }
    }

    /// Writes pending changes and waits until everything is durably on disk; for shutdown.
    public func flush() { commitPendingWrite(waitUntilDone: true) }

    /// Records the registered prefs' non-default values and schedules a write.
    func valuesDidChange(_ newValues: [String: PrefValue]) {
        values = newValues
        guard !isReadOnly else { return }
        hasPendingWrite = true
        if !timer.isRunning {
            timer.start(after: scheduledWriteDelay) { [weak self] in self?.commitPendingWrite() }
        }
    }

    private func documentMembers() -> [String: JSONValue] {
        var members = unknownMembers
        guard let registry else { return members }
        for (name, value) in values {
            guard let entry = registry.entry(name) else { continue }
            Self.insert(value.jsonValue, at: entry.path[...], into: &members)
        }
        return members
    }

    private static func insert(
        _ value: JSONValue, at path: ArraySlice<String>, into members: inout [String: JSONValue]
    ) {
        let key = path.first!
        if path.count == 1 {
            members[key] = value
            return
        }
        var inner: [String: JSONValue] = [:]
        if case .object(let existing)? = members.removeValue(forKey: key) { inner = existing }
        insert(value, at: path.dropFirst(), into: &inner)
        members[key] = .object(inner)
    }

    /// Writes `document` to `path` (creating the directory if needed); returns a message
    /// describing the failure, if any. Runs on the IO queue.
    private nonisolated static func write(
        _ document: JSONValue, to path: String, with fileWriter: AtomicFileWriter
    ) -> String? {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, let failure = createDirectory(directory, with: fileWriter) {
            return "could not save prefs to \(path): \(failure)"
        }
        do {
            try fileWriter.write(Data(document.serialized().utf8), toPath: path, permissions: 0o600)
        } catch {
            return "could not save prefs: \(error)"
        }
        return nil
    }

    /// Creates `directory` and missing parents with mode 0700, durably (their parents are
    /// fsynced); returns a failure message.
    private nonisolated static func createDirectory(
        _ directory: String, with fileWriter: AtomicFileWriter
    ) -> String? {
        do {
            try PrivateStorage.createDirectory(atPath: directory, fileWriter: fileWriter)
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: Reading

    /// Reads the file once, checking it against `registry`; returns the registered prefs'
    /// non-default values. Called by the ``PrefService`` that owns the store.
    func load(registry: PrefRegistry) -> [String: PrefValue] {
        precondition(self.registry == nil, "JSONPrefStore: \(path) is already used by a PrefService")
        self.registry = registry
        let bytes: [UInt8]
        switch ProfileFileReader.read(path, limit: Self.maximumFileSize) {
        case .success(let contents): bytes = Array(contents)
        case .failure(.missing):
            fileWasMissing = true
            return [:]
        case .failure(let error) where error.isUnusable:
            // A link, a pipe, a device, a directory or a file too large: never a prefs file.
            // Moved aside (a rename moves a link itself, not what it points to).
            reportProblem(.notAPrefsFile("\(error)"), moveAside: true)
            return [:]
        case .failure(let error):
            reportProblem(.unreadable(error), moveAside: false)
            return [:]
        }
        if bytes.isEmpty {
            reportProblem(.empty, moveAside: true)
            return [:]
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            reportProblem(.invalidJSON(error.message), moveAside: true)
            return [:]
        }
        guard case .object(var members) = document else {
            reportProblem(.notAnObject, moveAside: true)
            return [:]
        }
        var loaded: [String: PrefValue] = [:]
        var blocking: [ArraySlice<String>] = []
        for entry in registry.entries {
            let value: PrefValue?
            switch Self.take(entry.path[...], from: &members) {
            case .absent: continue
            case .value(let stored): value = PrefValue(stored)?.converted(to: entry.kind)
            case .blocked(let depth):
                // The value in the way can only be wrong (a registered pref lives below it):
                // removed once every pref below it is reported.
                blocking.append(entry.path[..<depth])
                value = nil
            }
            guard let value, value.isRepresentableInJSON else {
                // That pref alone goes back to its default (Chromium's PrefService ignores a
                // stored value of the wrong type and keeps the rest); the file is corrected
                // by the write scheduled below, so the report comes once.
                let problem = PrefLoadProblem(
                    path: path, reason: .wrongType(pref: entry.name, expected: entry.kind), movedTo: nil)
                valueProblems.append(problem)
                Logger.prefs.error("\(problem.description)")
                continue
            }
            if value != entry.defaultValue { loaded[entry.name] = value }
        }
        for path in blocking { Self.remove(path, from: &members) }
        unknownMembers = members
        if valueProblems.isEmpty { values = loaded } else { valuesDidChange(loaded) }
        return loaded
    }

    private enum Taken {
        case absent
        case value(JSONValue)
        /// Something other than an object is in the way of the path: at its component
        /// `depth - 1`.
        case blocked(depth: Int)
    }

    /// Removes the value at `path` from `members`, and the objects that this leaves empty.
    private static func take(_ path: ArraySlice<String>, from members: inout [String: JSONValue]) -> Taken {
        let key = path.first!
        guard let child = members[key] else { return .absent }
        if path.count == 1 {
            members[key] = nil
            return .value(child)
        }
        guard case .object(var inner) = child else { return .blocked(depth: 1) }
        members[key] = nil
        var taken = take(path.dropFirst(), from: &inner)
        if case .blocked(let depth) = taken { taken = .blocked(depth: depth + 1) }
        if case .value = taken, inner.isEmpty { return taken }
        members[key] = .object(inner)
        return taken
    }

    /// Removes the value at `path` from `members` (if there is one).
    private static func remove(_ path: ArraySlice<String>, from members: inout [String: JSONValue]) {
        let key = path.first!
        if path.count == 1 {
            members[key] = nil
            return
        }
        guard case .object(var inner) = members[key] else { return }
        remove(path.dropFirst(), from: &inner)
        members[key] = .object(inner)
    }

    private func reportProblem(_ reason: PrefLoadProblem.Reason, moveAside: Bool) {
        var movedTo: String?
        var moveFailure = ""
        if moveAside {
            if rename(path, badFilePath) == 0 {
                movedTo = badFilePath
                let directory = (path as NSString).deletingLastPathComponent
                try? fileWriter.syncDirectory(directory.isEmpty ? "." : directory)
            } else {
                moveFailure = " (could not move it to \(badFilePath): \(String(cString: strerror(errno))))"
            }
        }
        isReadOnly = movedTo == nil
        let problem = PrefLoadProblem(path: path, reason: reason, movedTo: movedTo)
        loadProblem = problem
        Logger.prefs.error("\(problem.description)\(moveFailure)")
    }
}
