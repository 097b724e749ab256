import Foundation
import Testing
import Web
import WebTestSupport

/// How each navigation of a WebState over the fake engine is marked
/// (``NavigationContext/pageTransition``, ``NavigationContext/redirectChain``,
/// ``NavigationContext/isRestore``): what the history records.
@MainActor
struct PageTransitionNavigationTests {
    let fixture = WebFixture()

    @Test func aLoadCarriesTheTransitionItWasGivenAndALinkByDefault() {
        let webState = fixture.makeWebState()
        let recorder = FinishedNavigationRecorder(observing: [webState])
        webState.load(url("https://a.example/"), transition: PageTransition.typed.adding(.fromAddressBar))
        webState.load(url("https://b.example/"))
        webState.navigationManager.load(url("https://c.example/"), transition: .autoToplevel)
        #expect(recorder.transitions == ["typed|fromAddressBar", "link", "autoToplevel"])
        #expect(recorder.committed.map(\.isRendererInitiated) == [false, false, false])
    }

    @Test func historyMovesAreForwardBackAndAReloadIsAReload() {
        let webState = fixture.makeWebState(loading: [url("https://a.example/"), url("https://b.example/")])
        let recorder = FinishedNavigationRecorder(observing: [webState])
        webState.navigationManager.goBack()
        webState.navigationManager.goForward()
        webState.navigationManager.goToItem(at: 0)
        webState.reload()
        #expect(
            recorder.transitions == ["link|forwardBack", "link|forwardBack", "link|forwardBack", "reload"])
    }

    @Test func aLinkAndAFormOfThePageAreRendererInitiated() throws {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        let recorder = FinishedNavigationRecorder(observing: [webState])
        try fakeContent(of: webState).simulateLinkClick(url: url("https://b.example/"))
        try fakeContent(of: webState).simulateFormSubmission(url: url("https://c.example/search"))
        try fakeContent(of: webState).simulateClientRedirect(to: url("https://d.example/"))
        #expect(recorder.transitions == ["link", "formSubmit", "link|clientRedirect"])
        #expect(recorder.committed.map(\.isRendererInitiated) == [true, true, true])
    }

    @Test func serverRedirectsMarkTheNavigationAndGiveItsChain() throws {
        fixture.engine.setPage(
            url("https://r.example/1"), .init(title: "", redirect: url("https://r.example/2")))
        fixture.engine.setPage(
            url("https://r.example/2"), .init(title: "", redirect: url("https://a.example/")))
        let webState = fixture.makeWebState()
        let recorder = FinishedNavigationRecorder(observing: [webState])
        webState.load(url("https://r.example/1"), transition: .typed)
        let committed = try #require(recorder.committed.last)
        #expect(committed.pageTransition.description == "typed|serverRedirect")
        #expect(
            committed.redirectChain
                == ["https://r.example/1", "https://r.example/2", "https://a.example/"].map(url))
        #expect(committed.url == url("https://a.example/"))
    }

    @Test func aNavigationWithoutRedirectsHasItsOwnURLAsChain() {
        let webState = fixture.makeWebState()
        let recorder = FinishedNavigationRecorder(observing: [webState])
        webState.load(url("https://a.example/"))
        #expect(recorder.committed.map(\.redirectChain) == [[url("https://a.example/")]])
        #expect(recorder.committed.map(\.isRestore) == [false])
    }

    @Test func aRestoredTabsLoadIsAReloadMarkedAsARestoreAndTheNextIsNot() {
        let webState = fixture.makeUnrealized(spy: LoaderSpy(storage: sampleStorage))
        let recorder = FinishedNavigationRecorder(observing: [webState])
        webState.forceRealized()
        webState.load(url("https://d.example/"))
        #expect(recorder.transitions == ["reload", "link"])
        #expect(recorder.committed.map(\.isRestore) == [true, false])
    }

    @Test func aDiscardedTabLoadingItsPageAgainIsARestore() {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        webState.wasHidden()
        let recorder = FinishedNavigationRecorder(observing: [webState])
        webState.discard(loaders: .init(storage: { sampleStorage }, nativeSessionState: { nil }))
        webState.forceRealized()
        #expect(recorder.committed.map(\.isRestore) == [true])
    }
}
