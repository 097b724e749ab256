import Foundation
import TestSupport
import Testing
import Web
import WebTestSupport

/// ``WebState/copyHistory(of:)``: a WebState made to take another's place starts with its
/// back/forward list, without loading its page.
@MainActor
struct WebStateHistoryCopyTests {
    let fixture = WebFixture()

    @Test func aRealizedTabsEntriesAreCopiedAndTheNextLoadComesAfterThem() throws {
        let source = fixture.makeWebState(loading: [url("https://a.example/"), url("https://b.example/")])
        let copy = fixture.makeWebState()
        copy.copyHistory(of: source)
        #expect(try fakeContent(of: copy).loadedURLs == [])
        #expect(
            urls(of: copy.navigationManager.history) == [
                url("https://a.example/"), url("https://b.example/"),
            ])

        copy.load(url("https://c.example/"))
        #expect(
            urls(of: copy.navigationManager.history) == [
                url("https://a.example/"), url("https://b.example/"), url("https://c.example/"),
            ])
        copy.navigationManager.goBack()
        #expect(copy.lastCommittedURL == url("https://b.example/"))
    }

    @Test func anUnrealizedTabsSavedEntriesAreCopiedWithoutRealizingIt() {
        let spy = LoaderSpy()
        spy.storage = sampleStorage
        let source = fixture.makeUnrealized(spy: spy)
        let copy = fixture.makeWebState()
        copy.copyHistory(of: source)
        #expect(!source.isRealized)
        #expect(copy.navigationManager.history == sampleHistory)
    }

    @Test func entriesARestoreMayNotLoadAreLeftOut() {
        let spy = LoaderSpy()
        spy.storage = WebStateStorage(
            metadata: sampleMetadata,
            navigation: NavigationHistory(
                items: [
                    NavigationItem(url: url("javascript:alert(1)"), title: "", timestamp: referenceDate),
                    NavigationItem(url: url("https://b.example/two"), title: "Two", timestamp: referenceDate),
                ], lastCommittedItemIndex: 1))
        let copy = fixture.makeWebState()
        copy.copyHistory(of: fixture.makeUnrealized(spy: spy))
        #expect(urls(of: copy.navigationManager.history) == [url("https://b.example/two")])
    }

    @Test func aTabOfAnotherContextFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let engine = FakeWebEngine()
                let other = engine.makeFakeContext(storage: .ephemeral)
                WebState(params: .init(context: engine.defaultContext))
                    .copyHistory(of: WebState(params: .init(context: other)))
            }
        }.expectPreconditionMessage("WebState.copyHistory(of:): the source must share the WebState's context")
    }
}
