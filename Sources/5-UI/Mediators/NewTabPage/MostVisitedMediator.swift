public import Foundation
public import History
public import Prefs
public import TabModel
public import UIInterfaces
public import Web

/// Between a regular window's new tab page and the profile's history: pushes to the
/// ``MostVisitedConsumer`` whether the page shows — the active tab is on the new tab page,
/// the profile's prefs ask for Most Visited (``HomePagePrefs/showsMostVisited``), and there
/// is a site to show — and the most visited sites (``HistoryService/queryMostVisitedURLs(count:)``)
/// but those the user removed (``HomePagePrefs/mostVisitedBlocklist``), each with its
/// favicon from the profile's ``FaviconLoader``. It carries out the ``MostVisitedCommands``:
/// a tile opens in the active tab; removing one adds it to the blocklist, as Chromium's
/// TopSites does, and leaves the history alone.
///
/// The sites are asked for again when the page is about to show and the history changed
/// since (a visit, a title, a deletion), never while it is hidden.
@MainActor
public final class MostVisitedMediator: WebStateObserver, HistoryServiceObserver, FaviconLoaderObserver,
    MostVisitedCommands
{
    /// How many sites the grid shows.
    public static let tileCount = 8

    private let webStateList: WebStateList
    private let history: HistoryService
    private let prefs: PrefService
    private let faviconLoader: FaviconLoader?
    private var state = MediatorState("MostVisitedMediator")
    private var observation: ActiveWebStateObservation?
    private var prefObservations: [PrefObservation] = []
    private var rows: [URLRow]?
    private var lastShown: Bool?
    private var lastTiles: [MostVisitedTile]?
    /// The query under way, if any (tests wait for it).
    public private(set) var pendingQuery: Task<Void, Never>?

    /// The page; set it to push the state at once. Held weakly.
    public weak var consumer: (any MostVisitedConsumer)? {
        didSet {
            state.check("consumer")
            lastShown = nil
            lastTiles = nil
            push()
        }
    }

    /// Observes `webStateList`'s active tab, `history` and `prefs` (the window's profile's).
    public init(
        webStateList: WebStateList, history: HistoryService, prefs: PrefService,
        faviconLoader: FaviconLoader? = nil
    ) {
        self.webStateList = webStateList
        self.history = history
        self.prefs = prefs
        self.faviconLoader = faviconLoader
        history.addObserver(self)
        faviconLoader?.addObserver(self)
        observation = ActiveWebStateObservation(list: webStateList, observer: self) { [weak self] in
            self?.push()
        }
        prefObservations = [HomePagePrefs.showsMostVisited, HomePagePrefs.mostVisitedBlocklist].map {
            prefs.observe($0) { [weak self] _ in self?.push() }
        }
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        observation = nil
        prefObservations = []
        pendingQuery?.cancel()
        history.removeObserver(self)
        faviconLoader?.removeObserver(self)
    }

    private var blocklist: Set<String> {
        Set(prefs.list(HomePagePrefs.mostVisitedBlocklist).compactMap(\.stringValue))
    }

    private var onNewTabPage: Bool {
        prefs.bool(HomePagePrefs.showsMostVisited)
            && (webStateList.activeWebStateIfAlive?.isVisibleURLNewTabPage ?? false)
    }

    private func push() {
        guard !state.isDisconnected, let consumer else { return }
        guard onNewTabPage else { return show(false, consumer) }
        guard let rows else {
            query()
            return
        }
        let blocked = blocklist
        let tiles = rows.filter { !blocked.contains($0.url.absoluteString) }.prefix(Self.tileCount).map {
            row in
            MostVisitedTile(
                url: row.url, title: row.title.isEmpty ? (row.url.host ?? row.url.absoluteString) : row.title,
                favicon: faviconLoader?.favicon(forPageURL: row.url))
        }
        if tiles != lastTiles {
            lastTiles = tiles
            consumer.setTiles(tiles)
        }
        show(!tiles.isEmpty, consumer)
    }

    private func show(_ shown: Bool, _ consumer: any MostVisitedConsumer) {
        guard shown != lastShown else { return }
        lastShown = shown
        consumer.setShown(shown)
    }

    private func query() {
        guard pendingQuery == nil else { return }
        // The removed sites are asked for too: the grid stays full.
        let count = Self.tileCount + blocklist.count
        pendingQuery = Task { [weak self, history] in
            let rows = await history.queryMostVisitedURLs(count: count)
            guard let self, !Task.isCancelled else { return }
            pendingQuery = nil
            self.rows = rows
            push()
        }
    }

    /// Forgets the sites: they are asked for again when the page next shows (or now, when it
    /// shows).
    private func historyChanged() {
        rows = nil
        pendingQuery?.cancel()
        pendingQuery = nil
        push()
    }

    // MARK: WebStateObserver (the active tab, through the observation)

    /// The visible URL is now the one loading.
    public func didStartNavigation(_ webState: WebState, context: NavigationContext) { push() }
    /// A failed or cancelled navigation leaves the previous page.
    public func didFinishNavigation(_ webState: WebState, context: NavigationContext) { push() }
    /// The realized tab's visible URL.
    public func webStateRealized(_ webState: WebState) { push() }

    // MARK: HistoryServiceObserver

    public func historyService(_ service: HistoryService, didVisit url: URLRow, visit: VisitRow) {
        historyChanged()
    }

    public func historyService(_ service: HistoryService, didModify urls: [URLRow]) { historyChanged() }

    public func historyService(_ service: HistoryService, didDelete info: HistoryDeletionInfo) {
        historyChanged()
    }

    // MARK: FaviconLoaderObserver

    public func faviconLoader(_ loader: FaviconLoader, didLoadFaviconForPageURL pageURL: URL) {
        guard lastTiles?.contains(where: { $0.url == pageURL }) == true else { return }
        push()
    }

    // MARK: MostVisitedCommands

    /// Loads `url` in the active tab, as a tile's link (Chromium marks them so).
    public func openMostVisited(_ url: URL) {
        state.check(#function)
        webStateList.activeWebStateIfAlive?.load(url, transition: .autoBookmark)
    }

    /// Adds `url` to the blocklist; the grid loses it at once.
    public func removeMostVisited(_ url: URL) {
        state.check(#function)
        var list = prefs.list(HomePagePrefs.mostVisitedBlocklist)
        guard !list.contains(.string(url.absoluteString)) else { return }
        list.append(.string(url.absoluteString))
        prefs.set(HomePagePrefs.mostVisitedBlocklist, .list(list))
    }
}
