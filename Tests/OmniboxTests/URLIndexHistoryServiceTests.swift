import Base
import Foundation
import History
import Omnibox
import Testing
import Web

/// The index over a real (in-memory) history service: built from its significant rows, then
/// current with its visits, titles and deletions.
@MainActor
struct URLIndexHistoryServiceTests {
    let history = HistoryService(path: nil, clock: ManualTimerClock(), now: { testNow })
    let index = URLIndex(now: { testNow })

    func visit(_ url: String, _ transition: PageTransition = .link, title: String? = nil) {
        history.addPage(
            HistoryAddPageArgs(url: URL(string: url)!, time: testNow, transition: transition, title: title))
    }

    func historyRows(_ text: String) -> [String] {
        AutocompleteController(providers: [HistoryQuickProvider(index: index, now: { testNow })])
            .historyContents(text)
    }

    @Test func isBuiltFromTheSignificantRowsAndFollowsVisits() async {
        visit("https://example.org/", .typed, title: "Example")
        await history.waitForPendingWork()
        await index.connect(to: history)
        #expect(historyRows("exa") == ["example.org"])
        visit("https://news.test/today", title: "Today's news")
        await history.waitForPendingWork()
        #expect(historyRows("today") == ["news.test/today"])
        index.disconnect(from: history)
        history.shutdown()
    }

    @Test func followsTitlesAndDeletions() async {
        visit("https://a.test/page")
        visit("https://b.test/page")
        await history.waitForPendingWork()
        await index.connect(to: history)
        history.setPageTitle("Fresh title", for: URL(string: "https://a.test/page")!)
        await history.waitForPendingWork()
        #expect(historyRows("fresh") == ["a.test/page"])
        await history.deleteURLs([URL(string: "https://a.test/page")!])
        #expect(historyRows("page") == ["b.test/page"])
        await history.expireHistoryBetween(nil, nil)
        #expect(historyRows("page").isEmpty)
        history.shutdown()
    }
}
