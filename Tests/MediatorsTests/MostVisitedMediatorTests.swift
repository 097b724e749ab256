import Base
import Foundation
import History
import Mediators
import ModelTestSupport
import Prefs
import TabModel
import Testing
import UIInterfaces
import Web
import WebTestSupport

/// A regular window's new tab page shows the most visited sites of the profile's history,
/// but those removed, while the active tab is on the new tab page and Most Visited is chosen.
@MainActor
struct MostVisitedMediatorTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    let consumer = RecordingMostVisitedConsumer()
    let history = HistoryService(path: nil, clock: ManualTimerClock())
    let prefs: PrefService
    static let blank = URL(string: "about:blank")!

    init() {
        let registry = PrefRegistry()
        HomePagePrefs.register(in: registry)
        prefs = PrefService(registry: registry)
    }

    func site(_ name: String) -> URL { URL(string: "https://\(name).test/")! }

    /// Visits each site of `visits` (name and count) in the history.
    func visit(_ visits: [(String, Int)]) async {
        var time = Date(timeIntervalSince1970: 1_700_000_000)
        for (name, count) in visits {
            for _ in 0..<count {
                history.addPage(
                    HistoryAddPageArgs(url: site(name), time: time, transition: .link, title: "Site \(name)"))
                time += 1
            }
        }
        await history.waitForPendingWork()
    }

    /// A tab opened as the New Tab command opens one, called `name`.
    func newTab(named name: String) -> WebState {
        builder.engine.setPage(Self.blank, .init(title: ""))
        let tab = WebState(params: .init(context: builder.engine.defaultContext, url: Self.blank))
        tab.load(Self.blank)
        builder.register(tab, name: name)
        return tab
    }

    func makeMediator(_ description: String, loader: FaviconLoader? = nil) async throws -> MostVisitedMediator
    {
        try builder.build(list, description)
        let mediator = MostVisitedMediator(
            webStateList: list, history: history, prefs: prefs, faviconLoader: loader)
        mediator.consumer = consumer
        await mediator.pendingQuery?.value
        return mediator
    }

    @Test func aNewTabShowsTheMostVisitedSitesMostVisitedFirst() async throws {
        await visit([("a", 1), ("b", 3), ("c", 2)])
        _ = newTab(named: "n")
        let mediator = try await makeMediator("| x n*")
        #expect(consumer.tiles == [["b.test Site b", "c.test Site c", "a.test Site a"]])
        #expect(consumer.shown == [true])
        // Another page hides it.
        list.activate(at: 0)
        #expect(consumer.shown == [true, false])
        mediator.disconnect()
    }

    @Test func anEmptyHistoryShowsNothing() async throws {
        _ = newTab(named: "n")
        let mediator = try await makeMediator("| n*")
        #expect(consumer.shown == [false])
        mediator.disconnect()
    }

    @Test func theChoiceOfABlankPageHidesIt() async throws {
        await visit([("a", 1)])
        _ = newTab(named: "n")
        let mediator = try await makeMediator("| n*")
        prefs.set(HomePagePrefs.showsMostVisited, .bool(false))
        #expect(consumer.shown == [true, false])
        prefs.set(HomePagePrefs.showsMostVisited, .bool(true))
        #expect(consumer.shown == [true, false, true])
        mediator.disconnect()
    }

    @Test func aRemovedSiteLeavesTheGridAndStaysOutButNotTheHistory() async throws {
        await visit([("a", 3), ("b", 2)])
        _ = newTab(named: "n")
        let mediator = try await makeMediator("| n*")
        mediator.removeMostVisited(site("a"))
        #expect(consumer.tiles.last == ["b.test Site b"])
        #expect(prefs.list(HomePagePrefs.mostVisitedBlocklist) == [.string("https://a.test/")])
        #expect(await history.queryMostVisitedURLs(count: 8).count == 2)
        mediator.removeMostVisited(site("b"))
        #expect(consumer.shown.last == false, "nothing left to show")
        mediator.disconnect()
    }

    @Test func aVisitIsShownTheNextTimeThePageShows() async throws {
        await visit([("a", 1)])
        let n = newTab(named: "n")
        let mediator = try await makeMediator("| x* n")
        #expect(consumer.shown == [false])
        await visit([("b", 2)])
        list.activate(at: 1)
        await mediator.pendingQuery?.value
        #expect(consumer.tiles.last == ["b.test Site b", "a.test Site a"])
        _ = n
        mediator.disconnect()
    }

    @Test func openingATileLoadsItInTheActiveTab() async throws {
        await visit([("a", 1)])
        let n = newTab(named: "n")
        let recorder = FinishedNavigationRecorder(observing: [n])
        let mediator = try await makeMediator("| n*")
        mediator.openMostVisited(site("a"))
        #expect(n.lastCommittedURL == site("a"))
        #expect(recorder.transitions == ["autoBookmark"])
        #expect(consumer.shown == [true, false])
        mediator.disconnect()
    }

    @Test func aTileHasItsSitesFavicon() async throws {
        await visit([("a", 1)])
        builder.engine.faviconDatabase["https://a.test/"] = Data([1, 2, 3])
        let loader = FaviconLoader(context: builder.engine.defaultContext)
        _ = newTab(named: "n")
        let mediator = try await makeMediator("| n*", loader: loader)
        #expect(consumer.tiles.last == ["a.test Site a"])
        builder.engine.defaultContext.answerFaviconRequests()
        #expect(consumer.tiles.last == ["a.test Site a +icon"])
        mediator.disconnect()
    }
}
