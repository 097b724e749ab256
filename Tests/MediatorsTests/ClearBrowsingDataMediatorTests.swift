import Application
import Base
import Foundation
import History
import Mediators
import Testing
import UIInterfaces
import Web
import WebTestSupport

/// Records what the Clear Browsing Data mediator tells the window.
@MainActor
private final class RecordingClearConsumer: ClearBrowsingDataConsumer {
    var cleared = 0
    func browsingDataCleared() { cleared += 1 }
}

@MainActor
struct ClearBrowsingDataMediatorTests {
    let engine = FakeWebEngine()
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func theSelectionIsWhatTheProfilesDataLosesAndTheWindowIsToldAfter() async {
        let history = HistoryService(path: nil, clock: ManualTimerClock()) { [now] in now }
        history.addPage(
            HistoryAddPageArgs(
                url: URL(string: "https://a.test/")!, time: now - 600, redirects: [], transition: .typed,
                title: nil))
        let mediator = ClearBrowsingDataMediator(
            remover: BrowsingDataRemover(
                history: history, engineContext: engine.defaultContext, tabRestore: nil, now: { [now] in now }
            ))
        let consumer = RecordingClearConsumer()
        mediator.consumer = consumer
        mediator.clearBrowsingData(ClearBrowsingDataSelection(period: .lastDay, cookiesAndSiteData: false))
        #expect(consumer.cleared == 0, "later")
        await mediator.waitForRemovals()
        #expect(consumer.cleared == 1)
        #expect(await history.queryHistory("", options: HistoryQueryOptions()).isEmpty)
        #expect(engine.defaultContext.websiteDataClears.map(\.types) == [.cache])
        #expect(engine.defaultContext.websiteDataClears.map(\.since) == [now - 86_400])
        mediator.disconnect()
        history.shutdown()
    }
}
