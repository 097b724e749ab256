public import Base
import Dispatch
public import Foundation

/// A profile's browsing history, after Chromium's `history::HistoryService`
/// (components/history/core/browser/history_service.h): the main actor's side of a
/// ``HistoryBackend`` that keeps the `History` file on a queue of its own. Recording a visit
/// hands a value to that queue and returns; reads are `async`; the main thread never waits
/// on the file, not even to open it (only ``shutdown()`` waits, for the last commit).
///
/// Writes gather into one transaction, committed ``commitInterval`` after the first one of a
/// batch (Chromium's `HistoryBackend::ScheduleCommit`), at once on ``flush()`` (quit, a window
/// hidden) and after every deletion (what the user cleared must leave the disk: deleted rows
/// are overwritten, `secure_delete`, and the WAL is emptied into the file).
@MainActor
public final class HistoryService {
    /// The file's name in a profile's directory (Chromium's `kHistoryFilename`).
    nonisolated public static let fileName = "History"
    /// How long a batch stays open (Chromium's `kCommitIntervalSeconds`).
    public static let commitInterval: Duration = .seconds(10)
    /// How recent a visit makes its page significant (Chromium's `kLowQualityMatchAgeLimitInDays`).
    public static let significantAge: TimeInterval = 3 * 24 * 60 * 60

    /// How long after the service starts old visits are first expired (Chromium's
    /// `kExpirationDelaySec`, components/history/core/browser/expire_history_backend.cc).
    public static let expiryStartDelay: Duration = .seconds(30)
    /// How many visits one expiry round deletes, so that the queue stays free for the
    /// lists; another round follows after ``expiryBusyDelay`` while more are left.
    public static let expiryBatchSize = 1000
    public static let expiryBusyDelay: Duration = .seconds(1)
    /// How long after a round that found nothing more to expire the next one runs.
    public static let expiryIdleDelay: Duration = .seconds(60 * 60)

    /// What went wrong with the file, if anything (for the window's info bar).
    public private(set) var problem: HistoryProblem? {
        didSet { if oldValue != problem { observers.forEach { $0.historyServiceProblemChanged(self) } } }
    }
    /// Where the file is; nil for an off-the-record profile's history, in memory.
    public var path: String? { backend.path }

    let backend: HistoryBackend
    private let commitTimer: OneShotTimer
    private let expiryTimer: OneShotTimer
    private let now: @MainActor () -> Date
    private let expireDays: @MainActor () -> Int
    private let observers = ObserverList<any HistoryServiceObserver>()
    private let outbox: HistoryOutbox
    private(set) var isShutDown = false

    /// History in the file at `path` (created if missing), or in memory when `path` is nil.
    /// `clock` times the commits and the expiry rounds, `now` is the wall clock, and
    /// visits older than `expireDays()` days are expired (``HistoryPrefs/expireDays``).
    public init(
        path: String?, clock: any TimerClock, now: @escaping @MainActor () -> Date = { Date() },
        expireDays: @escaping @MainActor () -> Int = { HistoryPrefs.defaultExpireDays }
    ) {
        self.now = now
        self.expireDays = expireDays
        commitTimer = OneShotTimer(clock: clock)
        expiryTimer = OneShotTimer(clock: clock)
        let outbox = HistoryOutbox()
        self.outbox = outbox
        nonisolated(unsafe) weak var weakSelf: HistoryService?
        backend = HistoryBackend(path: path) { problem in
            outbox.post(.problem(problem)) { weakSelf?.drainOutbox() }
        }
        weakSelf = self
        backend.queue.async { [backend] in backend.open() }
        scheduleExpiry(after: Self.expiryStartDelay)
    }

    /// Commits what is pending and closes the file, waiting for it (at quit).
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        commitTimer.stop()
        expiryTimer.stop()
        backend.queue.sync { backend.close() }
    }

    /// Tells `observer` (held weakly) of every change.
    public func addObserver(_ observer: any HistoryServiceObserver) { observers.add(observer) }

    public func removeObserver(_ observer: any HistoryServiceObserver) { observers.remove(observer) }

    // MARK: Recording

    /// Records a visit (and its redirect hops); observers hear of it once it is in the batch.
    /// A page ``canAddURL(_:)`` refuses is not recorded (nor are such hops of a chain).
    public func addPage(_ args: HistoryAddPageArgs) {
        guard Self.canAddURL(args.url) else { return }
        var args = args
        args.redirects.removeAll { !Self.canAddURL($0) }
        write(.addPage(args))
    }

    /// Whether history keeps visits of `url`: web pages and local files, not `about:`,
    /// `data:`, `javascript:`, `blob:` or the browser's own pages (Chromium's `CanAddURL`,
    /// components/history/core/browser/history_service.cc, by an allow list here).
    public nonisolated static func canAddURL(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return ["http", "https", "file", "ftp"].contains(scheme)
    }

    /// Sets the title of `url`'s page, if it was visited.
    public func setPageTitle(_ title: String, for url: URL) { write(.setTitle(title, url)) }

    // MARK: Deleting

    /// Deletes the visits `visitIDs`, and the pages left without visits.
    public func deleteVisits(_ visitIDs: [Int64]) async {
        guard !visitIDs.isEmpty else { return }
        await delete(.deleteVisits(visitIDs))
    }

    /// Deletes the pages `urls` and all their visits.
    public func deleteURLs(_ urls: [URL]) async {
        guard !urls.isEmpty else { return }
        await delete(.deleteURLs(urls))
    }

    /// Deletes every page of `host` (any scheme and port) and all their visits.
    public func deleteHost(_ host: String) async { await delete(.deleteHost(host)) }

    /// Deletes the visits from `begin` (inclusive) to `end` (exclusive), and the pages left
    /// without visits; nil leaves that side unbounded, so `(nil, nil)` deletes everything
    /// (Chromium's `HistoryService::ExpireHistoryBetween`).
    public func expireHistoryBetween(_ begin: Date?, _ end: Date?) async {
        await delete(.deleteBetween(begin, end, isExpiry: false))
    }

    /// Commits the open batch now.
    public func flush() async {
        commitTimer.stop()
        await onBackend { $0.commit() }
    }

    /// How many batches were committed to the file so far (for the benchmarks: a batch is one
    /// transaction, however many visits it holds).
    public func committedBatchCount() async -> Int { await onBackend { $0.commitCount } }

    /// Waits until every call made so far was handled by the backend (its observers told).
    public func waitForPendingWork() async { await onBackend { _ in } }

    // MARK: Reading

    /// Visits, newest first, whose page's title or URL holds every word of `text` (all
    /// visits for an empty text), within `options`. Redirect hops, hidden pages and
    /// subframes are left out.
    public func queryHistory(_ text: String, options: HistoryQueryOptions) async -> [HistoryEntry] {
        await onBackend { $0.read { try HistoryDatabase.queryHistory($0, text: text, options: options) } }
            ?? []
    }

    /// The pages the location bar suggests from: typed at least once, visited at least 4
    /// times or in the last 3 days; not hidden. Most typed first.
    public func querySignificantURLs() async -> [URLRow] {
        let since = now().addingTimeInterval(-Self.significantAge)
        return await onBackend { $0.read { try HistoryDatabase.significantURLs($0, recentSince: since) } }
            ?? []
    }

    /// The `count` pages visited most (not hidden), for Most Visited.
    public func queryMostVisitedURLs(count: Int) async -> [URLRow] {
        await onBackend { $0.read { try HistoryDatabase.mostVisitedURLs($0, count: count) } } ?? []
    }

    /// Limits the file to `pages` pages (SQLite's `max_page_count`), so that tests see what
    /// a full disk does.
    package func limitFileSizeForTesting(pages: Int) async {
        await onBackend { $0.read { try $0.execute(sql: "PRAGMA max_page_count = \(pages)") } }
    }

    // MARK: Expiry

    private func scheduleExpiry(after delay: Duration) {
        expiryTimer.start(after: delay) { [weak self] in self?.expireOldVisits() }
    }

    /// Deletes a round of the visits older than ``HistoryPrefs/expireDays``, with the pages
    /// they leave without visits (Chromium's `ExpireHistoryBackend::DoExpireIteration`).
    private func expireOldVisits() {
        let days = expireDays()
        guard days > 0, !isShutDown else {
            scheduleExpiry(after: Self.expiryIdleDelay)
            return
        }
        let cutoff = now().addingTimeInterval(-Double(days) * 24 * 60 * 60)
        let limit = Self.expiryBatchSize
        backend.queue.async { [backend] in
            let effect = backend.perform(.expireBefore(cutoff, limit: limit))
            backend.commit()
            self.post(.expiryRoundEnded(effect))
        }
    }

    private func expiryRoundEnded(_ effect: HistoryWriteEffect?) {
        if let effect { notify(effect) }
        guard !isShutDown else { return }
        var deleted = 0
        if case .deleted(let info) = effect { deleted = info.deletedVisitIDs.count }
        scheduleExpiry(after: deleted >= Self.expiryBatchSize ? Self.expiryBusyDelay : Self.expiryIdleDelay)
    }

    // MARK: Backend

    private func write(_ write: HistoryWrite) {
        guard !isShutDown else { return }
        backend.queue.async { [backend] in
            guard let effect = backend.perform(write) else { return }
            self.post(.effect(effect))
        }
        if !commitTimer.isRunning {
            commitTimer.start(after: Self.commitInterval) { [weak self] in
                self?.backend.queue.async { [backend = self?.backend] in backend?.commit() }
            }
        }
    }

    private func delete(_ write: HistoryWrite) async {
        guard !isShutDown else { return }
        await onBackend { backend in
            if let effect = backend.perform(write) { self.post(.effect(effect)) }
            backend.commit()
            backend.checkpoint()
        }
    }

    /// `body` on the backend's queue; what the queue posted until then is handled before
    /// this returns.
    private func onBackend<T: Sendable>(_ body: @escaping @Sendable (HistoryBackend) -> T) async -> T {
        let result = await withCheckedContinuation { continuation in
            backend.queue.async { [backend] in continuation.resume(returning: body(backend)) }
        }
        drainOutbox()
        return result
    }

    /// Posts `item` for the main actor (from the backend's queue).
    nonisolated func post(_ item: HistoryOutbox.Item) {
        outbox.post(item) { [weak self] in self?.drainOutbox() }
    }

    func drainOutbox() {
        for item in outbox.takeAll() {
            switch item {
            case .effect(let effect): notify(effect)
            case .problem(let problem): self.problem = problem
            case .expiryRoundEnded(let effect): expiryRoundEnded(effect)
            }
        }
    }

    private func notify(_ effect: HistoryWriteEffect) {
        switch effect {
        case .visited(let visits):
            for (url, visit) in visits where !url.hidden {
                observers.forEach { $0.historyService(self, didVisit: url, visit: visit) }
            }
        case .modified(let rows), .imported(_, let rows):
            guard !rows.isEmpty else { return }
            observers.forEach { $0.historyService(self, didModify: rows) }
        case .deleted(let info):
            guard info.isAllHistory || !info.deletedVisitIDs.isEmpty else { return }
            observers.forEach { $0.historyService(self, didDelete: info) }
        }
    }
}
