import Base
import Foundation
import TestSupport
import Testing
import Web
import WebTestSupport

/// Discarding a realized WebState back to unrealized (the memory saver's way back) and
/// realizing it again.
@MainActor
struct WebStateDiscardTests {
    let fixture = WebFixture()

    /// A tab that loaded three pages and went back one, zoomed, hidden.
    func loadedTab() -> WebState {
        let webState = fixture.makeWebState(loading: [
            url("https://a.example/one"), url("https://b.example/two"), url("https://c.example/three"),
        ])
        webState.navigationManager.goBack()
        webState.zoomLevel = 1.5
        return webState
    }

    @Test func discardClosesTheContentAndKeepsWhatTheTabStripShows() throws {
        let webState = loadedTab()
        let recorder = WebStateEventRecorder()
        webState.addObserver(recorder)
        let content = try fakeContent(of: webState)
        let before = (webState.title, webState.visibleURL, webState.navigationItemCount, webState.faviconURL)
        #expect(fixture.engine.liveContents == 1)

        webState.discard()

        #expect(!webState.isRealized)
        #expect(webState.isDiscarded)
        #expect(content.isClosed)
        #expect(fixture.engine.liveContents == 0)
        #expect(webState.navigationManagerIfRealized == nil)
        #expect(webState.title == before.0 && webState.visibleURL == before.1)
        #expect(webState.navigationItemCount == before.2 && webState.faviconURL == before.3)
        #expect(webState.zoomLevel == 1.5)
        #expect(!webState.isLoading && !webState.isPlayingAudio && !webState.hadFormInteraction)
        #expect(recorder.events == ["webStateDiscarded"])
    }

    @Test func realizingAgainBringsTheHistoryBackAndSendsWebStateRealizedAgain() throws {
        let webState = loadedTab()
        let history = try fakeContent(of: webState).history
        let recorder = WebStateEventRecorder()
        webState.addObserver(recorder)

        webState.discard()
        webState.wasShown()

        #expect(webState.isRealized && !webState.isDiscarded)
        let content = try fakeContent(of: webState)
        #expect(content.history.items.map(\.url) == history.items.map(\.url))
        #expect(content.history.lastCommittedItemIndex == 1)
        #expect(webState.lastCommittedURL == url("https://b.example/two"))
        #expect(content.zoomLevel == 1.5)
        #expect(recorder.count("webStateRealized") == 1)
        #expect(recorder.events.prefix(2) == ["webStateDiscarded", "webStateRealized"])
        #expect(fixture.engine.contentsCreated == 2 && fixture.engine.liveContents == 1)
    }

    @Test func discardWithLoadersReadsNothingUntilRealizedThenReadsThem() throws {
        let webState = fixture.makeWebState(loading: [url("https://x.example/")])
        let spy = LoaderSpy(storage: sampleStorage)
        webState.discard(loaders: spy.loaders)
        #expect(spy.totalCalls == 0)
        #expect(webState.serializeMetadata().url == url("https://x.example/"))

        webState.forceRealized()

        #expect(spy.storageCalls == 1 && spy.nativeSessionStateCalls == 1)
        #expect(try fakeContent(of: webState).history.items.map(\.url) == sampleHistory.items.map(\.url))
        #expect(webState.lastCommittedURL == url("https://b.example/two"))
    }

    @Test func observersDecidersScriptCallbacksAndTabHelpersSurviveADiscard() throws {
        let webState = loadedTab()
        let recorder = WebStateEventRecorder()
        let decider = RecordingDecider()
        webState.addObserver(recorder)
        webState.addPolicyDecider(decider)
        var commands: [String] = []
        let subscription = webState.addScriptCommandCallback(prefix: "test") { commands.append($0.name) }
        let marker = Marker()
        webState.userData.set(marker, for: UserDataKey<Marker>())

        webState.discard()
        webState.forceRealized()
        webState.load(url("https://d.example/"))
        try fakeContent(of: webState).simulateScriptCommand(ScriptCommand(name: "test.ping", body: "{}"))

        #expect(webState.hasObserver(recorder))
        #expect(decider.asked.contains(url("https://d.example/")))
        #expect(commands == ["test.ping"])
        #expect(webState.userData.get(UserDataKey<Marker>()) === marker)
        _ = subscription
    }

    @Test func theFindHelperLetsGoOfItsControllerAndMakesANewOneWhenRealized() throws {
        fixture.engine.setPage(url("https://find.example/"), .init(title: "Find", text: "pear pear plum"))
        let webState = fixture.makeWebState(loading: [url("https://find.example/")])
        let helper = FindTabHelper.attach(to: webState)
        helper.find("pear")
        #expect(helper.matchCount == 2)

        webState.discard()
        #expect(!helper.currentPageSupportsFindInPage)
        #expect(helper.matchCount == 0)

        webState.forceRealized()
        #expect(helper.currentPageSupportsFindInPage)
        helper.find("plum")
        #expect(helper.matchCount == 1)
    }

    @Test func theOldContentsLateEventsAreIgnored() throws {
        let webState = loadedTab()
        let old = try fakeContent(of: webState)
        let recorder = WebStateEventRecorder()
        webState.addObserver(recorder)
        webState.discard()
        webState.forceRealized()
        let eventsBefore = recorder.events.count
        webState.webContent(old, didReport: .titleChanged)
        #expect(recorder.events.count == eventsBefore)
    }

    @Test func playingAudioAndFormInteractionComeFromTheContent() throws {
        let webState = fixture.makeWebState(loading: [url("https://form.example/")])
        let content = try fakeContent(of: webState)
        content.isPlayingAudio = true
        content.hadFormInteraction = true
        #expect(webState.isPlayingAudio && webState.hadFormInteraction)
        webState.load(url("https://form.example/next"))
        #expect(!webState.hadFormInteraction, "a new page resets the form interaction")
    }

    @Test func discardingTwiceAVisibleOrAClosedWebStateFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let engine = FakeWebEngine()
                let webState = WebState(params: .init(context: engine.defaultContext))
                webState.discard()
                webState.discard()
            }
        }.expectPreconditionMessage("discard() on an unrealized WebState")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let engine = FakeWebEngine()
                let webState = WebState(params: .init(context: engine.defaultContext))
                webState.wasShown()
                webState.discard()
            }
        }.expectPreconditionMessage("discard(loaders:) on a visible WebState")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let engine = FakeWebEngine()
                let webState = WebState(params: .init(context: engine.defaultContext))
                webState.close()
                webState.discard(loaders: .init(storage: { nil }, nativeSessionState: { nil }))
            }
        }.expectPreconditionMessage("discard(loaders:) on an unrealized WebState")
    }
}
