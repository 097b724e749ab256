public import Foundation
public import History

/// The significant rows of a profile's history in memory, searchable by the words and the
/// prefixes of words of their URLs and titles, for the suggestions of each keystroke. After
/// Chromium's `InMemoryURLIndex` (components/omnibox/browser/in_memory_url_index.h): built on
/// a background queue from the history service's rows, kept current by its visits, and never
/// written to disk (Chromium measured its on-disk cache as the cause of over 10 % of its
/// shutdown hangs and removed it on desktop).
@MainActor
public final class URLIndex {
    private var data = URLIndexPrivateData()
    /// The changes that arrive while a build runs, applied to its data when it is done; nil
    /// when no build runs.
    private var pendingUpdates: [(inout URLIndexPrivateData) -> Void]?
    private var buildCount = 0
    private var marks: [UInt32] = []
    private var markGeneration: UInt32 = 0
    private let now: @MainActor () -> Date

    /// An empty index; `now` is the clock of the significance rule.
    public init(now: @escaping @MainActor () -> Date = Date.init) {
        self.now = now
    }

    /// The rows in the index.
    public var count: Int { data.count }

    /// Whether a build has finished since the index was made.
    public private(set) var isLoaded = false

    /// Replaces the index by one of `rows` built on a background queue; the changes that
    /// arrive meanwhile are applied to it. A later rebuild supersedes an earlier one still
    /// running.
    public func rebuild(from rows: [URLRow]) async {
        await rebuild { rows }
    }

    /// Replaces the index by one of the rows `load` gives (the history service's significant
    /// rows), built on a background queue; the changes that arrive while the rows are loaded
    /// and while the index is built are applied to it.
    public func rebuild(loadingRows load: @MainActor () async -> [URLRow]) async {
        buildCount += 1
        let build = buildCount
        if pendingUpdates == nil { pendingUpdates = [] }
        let rows = await load()
        let now = self.now()
        var built = await Task.detached(priority: .utility) {
            var data = URLIndexPrivateData(rows: rows, now: now)
            data.precomputeFirstLetters()
            return data
        }.value
        guard build == buildCount else { return }
        for update in pendingUpdates ?? [] { update(&built) }
        pendingUpdates = nil
        data = built
        marks = []
        isLoaded = true
    }

    /// A visit of `row` (the row with its new counts): adds it, or updates its entry
    /// (`InMemoryURLIndex::OnURLVisited`). A redirect hop, a subframe or a reload adds no visit
    /// of its own.
    public func urlVisited(_ row: URLRow, visit: VisitRow) {
        let transition = visit.transition
        let counts =
            !(transition.isRedirect && !transition.has(.chainEnd))
            && !transition.coreTypeIs(.autoSubframe) && !transition.coreTypeIs(.manualSubframe)
            && !transition.coreTypeIs(.reload) && !transition.has(.forwardBack)
        let visitInfo =
            counts ? URLIndexEntry.Visit(time: visit.visitTime, typed: transition.coreTypeIs(.typed)) : nil
        apply { [now] data in data.update(row, visit: visitInfo, now: now()) }
    }

    /// New titles or counts of `rows` (`OnURLsModified`).
    public func urlsModified(_ rows: [URLRow]) {
        apply { [now] data in
            for row in rows { data.update(row, visit: nil, now: now()) }
        }
    }

    /// `urls` deleted from history (`OnHistoryDeletions`).
    public func urlsDeleted(_ urls: [URL]) {
        apply { data in
            for url in urls { data.remove(url) }
        }
    }

    /// All of history deleted.
    public func allDeleted() {
        apply { data in data = URLIndexPrivateData() }
    }

    private func apply(_ update: @escaping (inout URLIndexPrivateData) -> Void) {
        if pendingUpdates != nil { pendingUpdates?.append(update) }
        update(&data)
    }

    /// The rows whose URL or title hold a word that each of `queryWords` (folded) begins, at
    /// most ``AutocompleteConstants/itemsToScoreLimit``, the most significant kept
    /// (`HistoryIDSetFromWords` and its pre-filter, url_index_private_data.cc).
    func candidates(for queryWords: [[UInt8]]) -> [URLIndexEntry] {
        let slots = data.candidateSlots(for: queryWords, marks: &marks, generation: &markGeneration)
        let entries = data.entries
        return slots.compactMap { entries[Int($0)] }
    }
}
