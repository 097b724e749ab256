import Base
public import Foundation
public import Web

/// A profile's downloads list, after Chromium's `DownloadHistory`
/// (chrome/browser/download/download_history.cc): it follows the downloads of the profile's
/// engine context and keeps every one as a ``DownloadRecord`` in a ``DownloadStore``, so that
/// the list survives restarts (an off-the-record profile's store is in memory, and goes with
/// the profile when its last window closes). A download found under way when the list is
/// read was cut short by a crash or a quit: it becomes interrupted, its partial file kept.
///
/// The stored list is read off the main thread, so it arrives a moment after the service is
/// made (``isLoaded``). Downloads that start before it arrives are listed at once under
/// provisional ids, renumbered after the stored ones and written when it arrives, as
/// Chromium's `DownloadHistory` holds new downloads until the history database has loaded.
@MainActor
public final class DownloadHistoryService: DownloadObserver {
    /// Every download kept, oldest first.
    public private(set) var records: [DownloadRecord] = []
    /// Where the records are kept.
    public let store: DownloadStore
    /// Whether the stored records have been read.
    public private(set) var isLoaded = false

    /// How often a download's progress is written at most: its state changes are written at
    /// once, its byte counts only this often (Chromium's `DownloadHistory` likewise writes
    /// progress only when it is asked to save, not on every update).
    public static let progressWriteInterval: TimeInterval = 1

    private let context: any WebEngineContext
    private let now: @MainActor () -> Date
    private let observers = ObserverList<any DownloadHistoryObserver>()
    private var recordIDs: [Int: Int64] = [:]
    private var tasks: [Int64: any DownloadTask] = [:]
    private var lastWritten: [Int64: Date] = [:]
    private var nextID: Int64 = 1
    private var isShutDown = false
    private var loadWaiters: [CheckedContinuation<Void, Never>] = []

    /// Follows the downloads of `context` and reads `store`'s records in the background; `now`
    /// dates them.
    public init(
        store: DownloadStore, context: any WebEngineContext, now: @escaping @MainActor () -> Date = { Date() }
    ) {
        self.store = store
        self.context = context
        self.now = now
        store.load(preparing: Self.interruptDownloadsUnderWay) { [weak self] stored in
            self?.didLoad(stored)
        }
        context.addDownloadObserver(self)
        for task in context.downloadTasks { downloadStarted(task) }
    }

    /// Returns once the stored records have been read.
    public func waitUntilLoaded() async {
        guard !isLoaded else { return }
        await withCheckedContinuation { loadWaiters.append($0) }
    }

    private func didLoad(_ stored: [DownloadRecord]) {
        guard !isLoaded else { return }
        isLoaded = true
        // Renumber the downloads listed meanwhile after the stored ones.
        var next = (stored.map(\.id).max() ?? 0) + 1
        var renumbered: [Int64: Int64] = [:]
        for index in records.indices {
            renumbered[records[index].id] = next
            records[index].id = next
            next += 1
        }
        nextID = next
        recordIDs = recordIDs.mapValues { renumbered[$0] ?? $0 }
        tasks = Dictionary(uniqueKeysWithValues: tasks.map { (renumbered[$0.key] ?? $0.key, $0.value) })
        lastWritten = [:]
        let provisional = records
        records = stored + provisional
        if !provisional.isEmpty && !isShutDown { store.save(provisional) }
        let waiters = loadWaiters
        loadWaiters = []
        for waiter in waiters { waiter.resume() }
        notify()
    }

    /// Marks the records found under way as interrupted and keeps their partial files: on the
    /// store's queue, as it moves files.
    nonisolated private static func interruptDownloadsUnderWay(_ stored: [DownloadRecord]) -> [DownloadRecord]
    {
        stored.map { record in
            guard record.state == .inProgress else { return record }
            var interrupted = record
            interrupted.state = .interrupted
            interrupted.partialFilePath = keepPartialFile(of: record)
            return interrupted
        }
    }

    /// Stops following downloads and waits for the store's writes.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        context.removeDownloadObserver(self)
        // The byte counts of downloads under way may be up to a write interval old.
        if isLoaded { store.save(records.filter { $0.state == .inProgress }) }
        store.flush()
    }

    /// Tells `observer` (held weakly) of every change.
    public func addObserver(_ observer: any DownloadHistoryObserver) { observers.add(observer) }

    public func removeObserver(_ observer: any DownloadHistoryObserver) { observers.remove(observer) }

    /// The record `id`, if kept.
    public func record(_ id: Int64) -> DownloadRecord? { records.first { $0.id == id } }

    /// The engine's task of the record `id`, while it is under way.
    public func task(for id: Int64) -> (any DownloadTask)? { tasks[id] }

    /// Takes the record `id` off the list (a download under way is cancelled first). The file
    /// stays.
    public func remove(_ id: Int64) {
        tasks[id]?.cancel()
        guard records.contains(where: { $0.id == id }) else { return }
        records.removeAll { $0.id == id }
        if isLoaded { store.delete(ids: [id]) }
        notify()
    }

    /// Takes every download that is not under way off the list (Chromium's "Clear all").
    public func clear() {
        let ended = records.filter { $0.state != .inProgress }.map(\.id)
        guard !ended.isEmpty else { return }
        records.removeAll { $0.state != .inProgress }
        if isLoaded { store.delete(ids: ended) }
        notify()
    }

    /// Downloads the record's URL again, as a new download, and takes the old record off
    /// the list (its partial file stays); nothing for a download that may not be retried.
    public func retry(_ id: Int64) {
        guard let record = record(id), record.state.canRetry, let url = URL(string: record.url) else {
            return
        }
        remove(id)
        context.download(url)
    }

    // MARK: DownloadObserver

    /// Adds a record for it.
    public func downloadStarted(_ task: any DownloadTask) {
        guard recordIDs[task.identifier] == nil else { return }
        let id = nextID
        nextID += 1
        recordIDs[task.identifier] = id
        tasks[id] = task
        var record = DownloadRecord(
            id: id, fileName: "", destinationPath: "", url: task.url?.absoluteString ?? "", startTime: now())
        Self.update(&record, from: task)
        records.append(record)
        write(record)
        notify()
    }

    /// Records its progress and destination.
    public func downloadUpdated(_ task: any DownloadTask) { change(task) }

    /// Records how it ended.
    public func downloadEnded(_ task: any DownloadTask) {
        change(task) { $0.endTime = self.now() }
        if let id = recordIDs.removeValue(forKey: task.identifier) { tasks[id] = nil }
    }

    private func change(_ task: any DownloadTask, _ more: (inout DownloadRecord) -> Void = { _ in }) {
        guard let id = recordIDs[task.identifier], let index = records.firstIndex(where: { $0.id == id })
        else {
            return
        }
        let before = records[index]
        Self.update(&records[index], from: task)
        more(&records[index])
        var progressed = before
        progressed.receivedBytes = records[index].receivedBytes
        progressed.totalBytes = records[index].totalBytes
        let onlyProgress = progressed == records[index]
        if !onlyProgress
            || lastWritten[id].map({ now().timeIntervalSince($0) >= Self.progressWriteInterval }) ?? true
        {
            write(records[index])
        }
        notify()
    }

    /// Writes `record` once the stored list has arrived (until then it is provisional).
    private func write(_ record: DownloadRecord) {
        guard isLoaded else { return }
        lastWritten[record.id] = now()
        store.save([record])
    }

    private static func update(_ record: inout DownloadRecord, from task: any DownloadTask) {
        if let destination = task.destination {
            record.destinationPath = destination.path
            record.fileName = destination.lastPathComponent
        }
        record.receivedBytes = task.receivedBytes
        record.totalBytes = task.expectedBytes ?? record.totalBytes
        switch task.state {
        case .inProgress: record.state = .inProgress
        case .finished:
            record.state = .complete
            record.totalBytes = record.totalBytes ?? task.receivedBytes
        case .cancelled: record.state = .cancelled
        case .failed(let message):
            record.state = .failed
            record.failureMessage = message
        case .interrupted(let partialFile):
            record.state = .interrupted
            record.partialFilePath = partialFile?.path
        }
    }

    private func notify() { observers.forEach { $0.downloadHistoryChanged(self) } }

    /// The bytes a download cut short by a crash left: `<destination>.part` when quitting
    /// kept them there already, else WebKit's intermediate `<destination>.wkdownload` moved
    /// to that name (and its empty placeholder removed); nil when there is nothing.
    nonisolated static func keepPartialFile(of record: DownloadRecord) -> String? {
        guard !record.destinationPath.isEmpty else { return nil }
        let files = FileManager.default
        let part = record.destinationPath + ".part"
        if let kept = record.partialFilePath, files.fileExists(atPath: kept) { return kept }
        if files.fileExists(atPath: part) { return part }
        let intermediate = record.destinationPath + ".wkdownload"
        guard files.fileExists(atPath: intermediate),
            (try? files.moveItem(atPath: intermediate, toPath: part)) != nil
        else { return nil }
        if (try? files.attributesOfItem(atPath: record.destinationPath)[.size] as? Int) == 0 {
            try? files.removeItem(atPath: record.destinationPath)
        }
        return part
    }
}
