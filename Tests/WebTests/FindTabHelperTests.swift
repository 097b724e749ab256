import Foundation
import Testing
import Web
import WebTestSupport

@MainActor
private final class FindResults: FindTabHelper.ResponseDelegate {
    var results: [(String, Int)] = []
    func findTabHelper(_ helper: FindTabHelper, didFind matchCount: Int, for text: String) {
        results.append((text, matchCount))
    }
}

@MainActor
struct FindTabHelperTests {
    let engine = FakeWebEngine()
    let url = URL(string: "https://find.test/page")!

    func unrealized() -> WebState {
        engine.setPage(url, .init(title: "Find", text: "apple banana Apple cherry apple"))
        let now = Date()
        return WebState(
            context: engine.defaultContext, id: .newUnique(),
            metadata: WebStateMetadata(
                creationTime: now, lastActiveTime: now, title: "Find", url: url, navigationItemCount: 1),
            loaders: .init(storage: { nil }, nativeSessionState: { nil }))
    }

    @Test func attachingToAnUnrealizedWebStateCreatesNothingAndSearchesWait() {
        let webState = unrealized()
        let helper = FindTabHelper.attach(to: webState)
        #expect(FindTabHelper.attach(to: webState) === helper)
        let results = FindResults()
        helper.responseDelegate = results
        #expect(!helper.currentPageSupportsFindInPage)
        helper.find("apple")
        #expect(!webState.isRealized)
        #expect(engine.contentsCreated == 0)
        #expect(results.results.isEmpty)
        webState.forceRealized()  // Loads the page (metadata fallback) and runs the waiting search.
        #expect(helper.currentPageSupportsFindInPage)
        #expect(results.results.map(\.1) == [3])
        #expect(helper.matchCount == 3)
    }

    @Test func realizedWebStateGetsItsControllerAtOnce() {
        engine.setPage(url, .init(title: "Find", text: "one two one"))
        let webState = WebState(params: .init(context: engine.defaultContext))
        webState.load(url)
        let helper = FindTabHelper.attach(to: webState)
        let results = FindResults()
        helper.responseDelegate = results
        #expect(helper.currentPageSupportsFindInPage)
        helper.find("one")
        helper.findNext()
        helper.findPrevious()
        helper.find("ONE", options: [.caseSensitive])
        #expect(results.results.map(\.1) == [2, 0])
        helper.dismiss()
        #expect(helper.matchCount == 0 && helper.searchText == nil)
        webState.close()
        #expect(!helper.currentPageSupportsFindInPage)
    }
}
