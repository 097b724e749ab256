public import Foundation
public import History
public import TabModel
public import UIInterfaces
public import Web

/// Between a profile's ``HistoryService`` and a History window: queries the visits
/// matching the search a page at a time (``pageSize``, each next page ending where the
/// last one did, Chromium's history page's `QueryOptions.end` cursor), groups them by day
/// and pushes them; handles what the window asks (``HistoryCommands``).
///
/// It observes the service: a new visit, a title or a deletion queries again as many rows
/// as are loaded, and the push that follows keeps the window's selection and scroll
/// position (the consumer diffs). Queries are asynchronous; an answer to a query that a
/// newer one replaced is dropped. Favicons come from the profile's ``FaviconLoader`` (the
/// engine's favicon database), pushed as they arrive.
@MainActor
public final class HistoryMediator: HistoryCommands, HistoryServiceObserver, FaviconLoaderObserver {
    /// How many visits a page of the list holds.
    public static let pageSize = 100

    private let service: HistoryService
    private let webStateList: WebStateList
    private let faviconLoader: FaviconLoader?
    private let webStateFactory: WebStateFactory
    private let now: @MainActor () -> Date
    private let calendar: Calendar
    private let dayFormatter: DateFormatter
    private let timeFormatter: DateFormatter
    private var state = MediatorState("HistoryMediator")

    /// The visits loaded, newest first.
    private var entries: [HistoryEntry] = []
    private var searchText = ""
    private var hasMore = false
    /// Counts queries: an answer to an older query than the last one started is dropped.
    private var generation = 0
    private var query: Task<Void, Never>?
    /// Favicons known, and the pages asked about, by page URL.
    private var favicons: [URL: Data] = [:]
    private var askedFavicons: Set<URL> = []

    /// The window; held weakly. Gets the search text, then the first page, when set.
    public weak var consumer: (any HistoryConsumer)? {
        didSet {
            consumer?.setSearchText(searchText)
            refresh()
        }
    }

    /// Lists `service`'s visits; opens them in `webStateList` (new tabs from
    /// `webStateFactory`); favicons from `faviconLoader`. Days are those of `calendar` (its
    /// time zone) as of `now`, named and timed in `locale`.
    public init(
        service: HistoryService, webStateList: WebStateList, faviconLoader: FaviconLoader?,
        webStateFactory: @escaping WebStateFactory, now: @escaping @MainActor () -> Date = { Date() },
        calendar: Calendar = .current, locale: Locale = .current
    ) {
        self.service = service
        self.webStateList = webStateList
        self.faviconLoader = faviconLoader
        self.webStateFactory = webStateFactory
        self.now = now
        self.calendar = calendar
        dayFormatter = DateFormatter()
        dayFormatter.locale = locale
        dayFormatter.timeZone = calendar.timeZone
        dayFormatter.dateStyle = .full
        dayFormatter.timeStyle = .none
        timeFormatter = DateFormatter()
        timeFormatter.locale = locale
        timeFormatter.timeZone = calendar.timeZone
        timeFormatter.dateStyle = .none
        timeFormatter.timeStyle = .short
        service.addObserver(self)
        faviconLoader?.addObserver(self)
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        service.removeObserver(self)
        faviconLoader?.removeObserver(self)
        query?.cancel()
        query = nil
    }

    /// Waits until the queries started so far have answered (and their pushes are made).
    public func waitForQueries() async {
        while let query { await query.value }
    }

    // MARK: HistoryCommands

    public func searchHistory(_ text: String) {
        state.check(#function)
        searchText = text
        queryFirstPage()
    }

    public func openHistoryItem(_ id: Int64, inNewTab: Bool) {
        state.check(#function)
        guard let url = entries.first(where: { $0.id == id })?.url else { return }
        if !inNewTab, let active = webStateList.activeWebState {
            active.load(url)
            return
        }
        // A new background tab, as a middle-clicked link opens (Chromium's history page
        // opens a middle-clicked row with NEW_BACKGROUND_TAB).
        let webState = webStateFactory(url)
        webStateList.insert(
            webState, webStateList.activeWebState == nil ? .automatic.activating() : .automatic)
        webState.load(url)
    }

    public func deleteHistoryItems(_ ids: [Int64]) {
        state.check(#function)
        let deleted = Set(ids)
        entries.removeAll { deleted.contains($0.id) }
        push()
        Task { [service] in await service.deleteVisits(ids) }
    }

    public func deleteHistoryOfSite(ofItem id: Int64) {
        state.check(#function)
        guard let host = entries.first(where: { $0.id == id })?.url.host, !host.isEmpty else { return }
        entries.removeAll { $0.url.host == host }
        push()
        Task { [service] in await service.deleteHost(host) }
    }

    /// Ignored while a query is under way: its push lets the window ask again.
    public func loadMoreHistory() {
        state.check(#function)
        guard hasMore, query == nil else { return }
        guard let last = entries.last else { return queryFirstPage() }
        run(HistoryQueryOptions(end: last.visitTime, maxCount: Self.pageSize)) { mediator, answer in
            let known = Set(mediator.entries.map(\.id))
            mediator.entries += answer.filter { !known.contains($0.id) }
            mediator.hasMore = answer.count == Self.pageSize
        }
    }

    // MARK: HistoryServiceObserver

    public func historyService(_ service: HistoryService, didVisit url: URLRow, visit: VisitRow) { refresh() }

    public func historyService(_ service: HistoryService, didModify urls: [URLRow]) { refresh() }

    public func historyService(_ service: HistoryService, didDelete info: HistoryDeletionInfo) { refresh() }

    // MARK: FaviconLoaderObserver

    public func faviconLoader(_ loader: FaviconLoader, didLoadFaviconForPageURL pageURL: URL) {
        guard askedFavicons.contains(pageURL), let png = loader.cachedFavicon(forPageURL: pageURL) else {
            return
        }
        favicons[pageURL] = png
        consumer?.setFavicon(png, forURL: pageURL.absoluteString)
    }

    // MARK: Queries and pushes

    /// Queries again the visits as far back as the list reaches (a page when it is empty),
    /// so that a new visit adds a row and loses none.
    private func refresh() {
        guard let oldest = entries.last?.visitTime else { return queryFirstPage() }
        let reachesTheEnd = !hasMore
        run(HistoryQueryOptions(begin: reachesTheEnd ? nil : oldest)) { mediator, answer in
            mediator.entries = answer
            mediator.hasMore = !reachesTheEnd
        }
    }

    private func queryFirstPage() {
        run(HistoryQueryOptions(maxCount: Self.pageSize)) { mediator, answer in
            mediator.entries = answer
            mediator.hasMore = answer.count == Self.pageSize
        }
    }

    private func run(
        _ options: HistoryQueryOptions,
        then apply: @escaping @MainActor (HistoryMediator, [HistoryEntry]) -> Void
    ) {
        guard !state.isDisconnected, consumer != nil else { return }
        generation += 1
        let generation = generation
        let text = searchText
        query = Task { [weak self, service] in
            let answer = await service.queryHistory(text, options: options)
            guard let self, !Task.isCancelled, self.generation == generation else { return }
            query = nil
            apply(self, answer)
            push()
        }
    }

    private func push() {
        guard let consumer else { return }
        consumer.setHistory(sections(), hasMore: hasMore)
    }

    /// The loaded visits by day, newest first.
    func sections() -> [HistorySection] {
        let today = calendar.startOfDay(for: now())
        let yesterday = calendar.date(byAdding: .day, value: -1, to: today)
        var sections: [HistorySection] = []
        var sectionDay: Date?
        for entry in entries {
            let day = calendar.startOfDay(for: entry.visitTime)
            if day != sectionDay {
                sectionDay = day
                let parts = calendar.dateComponents([.year, .month, .day], from: day)
                let id = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
                let title =
                    day == today ? "Today" : day == yesterday ? "Yesterday" : dayFormatter.string(from: day)
                sections.append(HistorySection(id: id, title: title, items: []))
            }
            sections[sections.count - 1].items.append(item(entry))
        }
        return sections
    }

    private func item(_ entry: HistoryEntry) -> HistoryItem {
        if !askedFavicons.contains(entry.url), let faviconLoader {
            askedFavicons.insert(entry.url)
            if let png = faviconLoader.favicon(forPageURL: entry.url) { favicons[entry.url] = png }
        }
        return HistoryItem(
            id: entry.id, title: entry.title, url: entry.url.absoluteString,
            time: timeFormatter.string(from: entry.visitTime), favicon: favicons[entry.url])
    }
}
