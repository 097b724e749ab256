import Foundation
import Testing
import Web
import WebTestSupport

/// Records the pages a loader says it learned the icon of.
@MainActor
private final class LoadRecorder: FaviconLoaderObserver {
    var loaded: [String] = []
    func faviconLoader(_ loader: FaviconLoader, didLoadFaviconForPageURL pageURL: URL) {
        loaded.append(pageURL.absoluteString)
    }
}

@MainActor
struct FaviconLoaderTests {
    let engine = FakeWebEngine()
    var context: FakeWebEngineContext { engine.defaultContext }
    let icon = Data([0x89, 0x50, 0x4e, 0x47, 1])
    let otherIcon = Data([0x89, 0x50, 0x4e, 0x47, 2])

    @Test func anUnknownPageIsAskedOnceAndTheAnswerIsCachedAndAnnounced() {
        engine.faviconDatabase["https://a.test/"] = icon
        let loader = FaviconLoader(context: context)
        let recorder = LoadRecorder()
        loader.addObserver(recorder)

        #expect(loader.favicon(forPageURL: url("https://a.test/")) == nil)
        #expect(loader.favicon(forPageURL: url("https://a.test/")) == nil, "still waiting")
        #expect(context.faviconRequests == [url("https://a.test/")], "asked once")
        #expect(recorder.loaded.isEmpty)

        context.answerFaviconRequests()
        #expect(recorder.loaded == ["https://a.test/"])
        #expect(loader.favicon(forPageURL: url("https://a.test/")) == icon)
        #expect(context.faviconRequests.count == 1, "answered from the cache")
    }

    @Test func aPageWithoutAnIconIsNotAskedAgain() {
        let loader = FaviconLoader(context: context)
        let recorder = LoadRecorder()
        loader.addObserver(recorder)
        _ = loader.favicon(forPageURL: url("https://none.test/"))
        context.answerFaviconRequests()
        #expect(recorder.loaded == [], "no icon: nothing new to show, nothing announced")
        #expect(loader.favicon(forPageURL: url("https://none.test/")) == nil)
        #expect(context.faviconRequests.count == 1)
    }

    @Test func theCacheAloneNeverAsksTheDatabase() {
        engine.faviconDatabase["https://a.test/"] = icon
        let loader = FaviconLoader(context: context)
        #expect(loader.cachedFavicon(forPageURL: url("https://a.test/")) == nil)
        #expect(context.faviconRequests.isEmpty)
    }

    @Test func anIconARealizedTabShowsWinsOverALaterAnswer() {
        engine.faviconDatabase["https://a.test/"] = icon
        let loader = FaviconLoader(context: context)
        let recorder = LoadRecorder()
        loader.addObserver(recorder)
        _ = loader.favicon(forPageURL: url("https://a.test/"))
        loader.setFavicon(otherIcon, forPageURL: url("https://a.test/"))
        #expect(recorder.loaded == ["https://a.test/"])
        context.answerFaviconRequests()
        #expect(loader.cachedFavicon(forPageURL: url("https://a.test/")) == otherIcon)
        #expect(recorder.loaded == ["https://a.test/"], "the late answer changes nothing")
        loader.setFavicon(otherIcon, forPageURL: url("https://a.test/"))
        #expect(recorder.loaded.count == 1, "the same icon again is no news")
    }

    @Test func theOldestPagesLeaveAFullCacheFirst() {
        let loader = FaviconLoader(context: context, capacity: 2)
        loader.setFavicon(icon, forPageURL: url("https://1.test/"))
        loader.setFavicon(icon, forPageURL: url("https://2.test/"))
        loader.setFavicon(otherIcon, forPageURL: url("https://1.test/"))  // 1 is now the newest
        loader.setFavicon(icon, forPageURL: url("https://3.test/"))
        #expect(loader.count == 2)
        #expect(loader.cachedFavicon(forPageURL: url("https://1.test/")) == otherIcon)
        #expect(loader.cachedFavicon(forPageURL: url("https://2.test/")) == nil)
        #expect(loader.cachedFavicon(forPageURL: url("https://3.test/")) == icon)
    }

    @Test func aPendingLookupDoesNotKeepTheLoaderAndItsAnswerReachesNothing() {
        engine.faviconDatabase["https://a.test/"] = icon
        var loader: FaviconLoader? = FaviconLoader(context: context)
        weak let weakLoader = loader
        _ = loader?.favicon(forPageURL: url("https://a.test/"))
        #expect(context.hasPendingFaviconRequests)
        loader = nil
        #expect(weakLoader == nil, "a pending lookup does not keep the loader")
        context.answerFaviconRequests()  // answers into nothing, without a crash
        #expect(!context.hasPendingFaviconRequests)
    }

    @Test func aPageWithAnIconShowsItWhileRealizedAndTheEngineKeepsIt() {
        engine.setPage(url("https://a.test/"), .init(title: "A", favicon: icon))
        let webState = WebState(params: .init(context: context))
        let recorder = WebStateEventRecorder(observing: [webState])
        webState.load(url("https://a.test/"))
        #expect(webState.favicon == icon)
        #expect(recorder.count("faviconURLUpdated") == 1)
        #expect(engine.faviconDatabase["https://a.test/"] == icon)
        webState.discard()
        #expect(webState.favicon == nil, "an unrealized tab keeps no image")
        webState.close()
    }
}
