import Base
import Foundation
import History
import Mediators
import ModelTestSupport
import TabModel
import Testing
import UIInterfaces
import Web
import WebTestSupport

@MainActor
struct HistoryMediatorTests {
    let engine = FakeWebEngine()
    let consumer = RecordingHistoryConsumer()
    let clock = ManualTimerClock()
    let directory = TestProfile.makeUserDataDirectory()
    /// 2023-11-14 22:13:20 UTC.
    var now = Date(timeIntervalSince1970: 1_700_000_000)
    let list = WebStateList(delegate: nil)

    func makeService() -> HistoryService {
        HistoryService(path: directory.appendingPathComponent(HistoryService.fileName).path, clock: clock) {
            Date(timeIntervalSince1970: 1_700_000_000)
        }
    }

    func makeMediator(_ service: HistoryService, faviconLoader: FaviconLoader? = nil) -> HistoryMediator {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        return HistoryMediator(
            service: service, webStateList: list, faviconLoader: faviconLoader,
            webStateFactory: { [engine] _ in WebState(params: .init(context: engine.defaultContext)) },
            now: { [now] in now }, calendar: utc, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// Records a visit to `url` at `time`.
    func visit(_ service: HistoryService, _ url: String, at time: Date, title: String? = nil) {
        service.addPage(
            HistoryAddPageArgs(
                url: URL(string: url)!, time: time, redirects: [], transition: .typed, title: title))
    }

    /// Waits for the service's observers and the mediator's queries.
    func settle(_ service: HistoryService, _ mediator: HistoryMediator) async {
        await service.waitForPendingWork()
        await Task.yield()
        await mediator.waitForQueries()
    }

    @Test func visitsArePushedByDayNewestFirst() async {
        let service = makeService()
        visit(service, "https://a.test/", at: now - 86_400, title: "Alpha")
        visit(service, "https://b.test/", at: now - 60, title: "Beta")
        visit(service, "https://c.test/x", at: now - 30)
        let mediator = makeMediator(service)
        mediator.consumer = consumer
        await settle(service, mediator)
        #expect(consumer.searchTexts == [""])
        #expect(
            consumer.pushes.last == [
                "# Today", " https://c.test/x 10:12 PM", "Beta https://b.test/ 10:12 PM",
                "# Yesterday", "Alpha https://a.test/ 10:13 PM",
            ])
        #expect(consumer.lastSections.map(\.id) == ["2023-11-14", "2023-11-13"])
        #expect(consumer.hasMore.last == false)
        mediator.disconnect()
        service.shutdown()
    }

    @Test func theListGrowsByPagesAndANewVisitKeepsWhatIsLoaded() async {
        let service = makeService()
        for index in 0..<250 { visit(service, "https://a.test/\(index)", at: now - Double(1000 - index)) }
        let mediator = makeMediator(service)
        mediator.consumer = consumer
        await settle(service, mediator)
        #expect(consumer.lastIDs.count == HistoryMediator.pageSize)
        #expect(consumer.hasMore.last == true)
        mediator.loadMoreHistory()
        mediator.loadMoreHistory()  // one at a time
        await settle(service, mediator)
        #expect(consumer.lastIDs.count == 200)
        mediator.loadMoreHistory()
        await settle(service, mediator)
        #expect(consumer.lastIDs.count == 250)
        #expect(consumer.hasMore.last == false)
        let pushes = consumer.pushes.count
        #expect(pushes == 3)
        visit(service, "https://new.test/", at: now)
        await settle(service, mediator)
        #expect(consumer.lastIDs.count == 251)
        #expect(consumer.pushes.last?[1].hasPrefix(" https://new.test/") == true)
        mediator.disconnect()
        service.shutdown()
    }

    @Test func aSearchListsOnlyTheVisitsWithItsWords() async {
        let service = makeService()
        visit(service, "https://a.test/", at: now - 60, title: "Alpha page")
        visit(service, "https://b.test/", at: now - 30, title: "Beta page")
        let mediator = makeMediator(service)
        mediator.consumer = consumer
        await settle(service, mediator)
        mediator.searchHistory("beta")
        await settle(service, mediator)
        #expect(consumer.pushes.last == ["# Today", "Beta page https://b.test/ 10:12 PM"])
        mediator.searchHistory("nothing")
        await settle(service, mediator)
        #expect(consumer.pushes.last == [])
        mediator.disconnect()
        service.shutdown()
    }

    @Test func deletingVisitsOrASiteRemovesThemFromTheListAndTheService() async {
        let service = makeService()
        visit(service, "https://a.test/1", at: now - 90)
        visit(service, "https://b.test/", at: now - 60)
        visit(service, "https://a.test/2", at: now - 30)
        let mediator = makeMediator(service)
        mediator.consumer = consumer
        await settle(service, mediator)
        let ids = consumer.lastIDs
        #expect(ids.count == 3)
        mediator.deleteHistoryItems([ids[1]])  // b.test
        #expect(consumer.lastIDs == [ids[0], ids[2]], "at once")
        await settle(service, mediator)
        #expect(consumer.lastIDs == [ids[0], ids[2]])
        mediator.deleteHistoryOfSite(ofItem: ids[0])
        #expect(consumer.lastIDs == [])
        await settle(service, mediator)
        #expect(consumer.lastIDs == [])
        #expect(await service.queryHistory("", options: HistoryQueryOptions()).isEmpty)
        mediator.disconnect()
        service.shutdown()
    }

    @Test func aVisitOpensInTheActiveTabOrInANewBackgroundTab() async {
        let service = makeService()
        visit(service, "https://a.test/", at: now - 60)
        let active = WebState(params: .init(context: engine.defaultContext))
        list.insert(active, .automatic.activating())
        let mediator = makeMediator(service)
        mediator.consumer = consumer
        await settle(service, mediator)
        let id = consumer.lastIDs[0]
        mediator.openHistoryItem(id, inNewTab: false)
        #expect(active.visibleURL == URL(string: "https://a.test/"))
        #expect(list.count == 1)
        mediator.openHistoryItem(id, inNewTab: true)
        #expect(list.count == 2)
        #expect(list.activeWebState === active)
        #expect(list.webState(at: 1).visibleURL == URL(string: "https://a.test/"))
        mediator.disconnect()
        service.shutdown()
    }

    @Test func faviconsComeFromTheEnginesDatabaseAsTheyArrive() async {
        let service = makeService()
        visit(service, "https://a.test/", at: now - 60)
        visit(service, "https://b.test/", at: now - 30)
        engine.faviconDatabase["https://a.test/"] = Data([1, 2, 3])
        let loader = FaviconLoader(context: engine.defaultContext)
        let mediator = makeMediator(service, faviconLoader: loader)
        mediator.consumer = consumer
        await settle(service, mediator)
        #expect(engine.defaultContext.faviconRequests.count == 2)
        engine.defaultContext.answerFaviconRequests()
        #expect(consumer.favicons == ["https://a.test/"])
        visit(service, "https://c.test/", at: now)
        await settle(service, mediator)
        #expect(consumer.lastSections.first?.items.last?.favicon == Data([1, 2, 3]))
        #expect(engine.defaultContext.faviconRequests.count == 3, "each page asked once")
        mediator.disconnect()
        service.shutdown()
    }
}
