import Application
import Base
import Foundation
import History
import ModelTestSupport
import Sessions
import TabModel
import Testing
import Web
import WebTestSupport

@MainActor
struct BrowsingDataRemoverTests {
    let engine = FakeWebEngine()
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    func visit(_ history: HistoryService, _ url: String, at time: Date) {
        history.addPage(
            HistoryAddPageArgs(
                url: URL(string: url)!, time: time, redirects: [], transition: .typed, title: nil))
    }

    func visitedURLs(_ history: HistoryService) async -> [String] {
        await history.queryHistory("", options: HistoryQueryOptions()).map(\.url.absoluteString)
    }

    @Test func aPeriodClearsItsVisitsSiteDataAndRecentlyClosed() async {
        let history = HistoryService(path: nil, clock: ManualTimerClock()) { [now] in now }
        visit(history, "https://old.test/", at: now - 2 * 3600)
        visit(history, "https://new.test/", at: now - 600)
        let tabRestore = TabRestoreService(fileURL: nil)
        tabRestore.addWindow(tabs: [], activeIndex: nil, pinnedCount: 0, sessionID: nil)
        let remover = BrowsingDataRemover(
            history: history, engineContext: engine.defaultContext, tabRestore: tabRestore,
            now: { [now] in now })
        await remover.remove(.all, period: .lastHour)
        #expect(await visitedURLs(history) == ["https://old.test/"])
        let clears = engine.defaultContext.websiteDataClears
        #expect(clears.map(\.types) == [[.cookies, .siteData, .cache]])
        #expect(clears.map(\.since) == [now - 3600])
        #expect(tabRestore.entries.isEmpty)
        history.shutdown()
    }

    @Test func onlyWhatIsAskedForIsCleared() async {
        let history = HistoryService(path: nil, clock: ManualTimerClock()) { [now] in now }
        visit(history, "https://a.test/", at: now - 600)
        let remover = BrowsingDataRemover(
            history: history, engineContext: engine.defaultContext, tabRestore: nil, now: { [now] in now })
        await remover.remove(.cache, period: .allTime)
        #expect(await visitedURLs(history) == ["https://a.test/"])
        #expect(engine.defaultContext.websiteDataClears.map(\.types) == [.cache])
        #expect(engine.defaultContext.websiteDataClears.map(\.since) == [nil])
        await remover.remove(.history, period: .allTime)
        #expect(await visitedURLs(history) == [])
        #expect(engine.defaultContext.websiteDataClears.count == 1, "no website data asked")
        history.shutdown()
    }

    @Test(arguments: [
        (BrowsingDataTimePeriod.lastHour, 3600.0), (.lastDay, 86_400), (.lastWeek, 7 * 86_400),
        (.lastFourWeeks, 28 * 86_400),
    ])
    func aPeriodBeginsItsLengthBeforeNow(period: BrowsingDataTimePeriod, length: TimeInterval) {
        #expect(period.beginTime(now: now) == now - length)
        #expect(BrowsingDataTimePeriod.allTime.beginTime(now: now) == nil)
    }

    @Test func theProfilesServicesClearItsDataAndLeaveItsTabs() async {
        let fixture = AppFixture()
        fixture.launch()
        let app = fixture.app!
        let scene = app.openNewScene()
        let profile = scene.browser.profile
        let list = scene.browser.webStateList
        for url in ["https://a.test/", "https://b.test/", "https://c.test/"] {
            let tab = WebState(params: .init(context: profile.webEngineContext))
            tab.load(URL(string: url)!)
            list.insert(tab, .automatic.activating())
        }
        list.close(at: 0, flags: .userAction)
        let tabRestore = app.sessionServices.tabRestore(for: profile)
        #expect(!tabRestore.entries.isEmpty)
        let history = app.historyServices.service(for: profile)!
        visit(history, "https://a.test/", at: Date())
        await app.browsingDataRemover(for: profile.offTheRecordProfile).remove(.all, period: .allTime)
        #expect(await visitedURLs(history) == [])
        #expect(tabRestore.entries.isEmpty)
        #expect(list.count == 2, "open tabs stay")
        #expect((profile.webEngineContext as? FakeWebEngineContext)?.websiteDataClears.count == 1)
        fixture.quit()
    }
}
