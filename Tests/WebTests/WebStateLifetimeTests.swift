import Base
import Foundation
import TestSupport
import Testing
import Web
import WebTestSupport

@MainActor @Suite struct WebStateCloseTests {
    let fixture = WebFixture()

    @Test func closeNotifiesOnceReleasesUserDataAndClosesTheContent() throws {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        let recorder = WebStateEventRecorder(observing: [webState])
        let content = try fakeContent(of: webState)
        weak var weakMarker: Marker?
        do {
            let marker = Marker()
            weakMarker = marker
            webState.userData.set(marker, for: UserDataKey<Marker>())
        }
        #expect(weakMarker != nil, "user data is kept by the WebState")
        #expect(fixture.engine.liveContents == 1)

        webState.close()

        #expect(recorder.events == ["webStateDestroyed"])
        #expect(webState.isBeingDestroyed)
        #expect(weakMarker == nil)
        #expect(content.isClosed)
        #expect(fixture.engine.liveContents == 0)
        #expect(!webState.isRealized)
    }

    @Test func nothingIsSentAfterClose() throws {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        let content = try fakeContent(of: webState)
        let recorder = WebStateEventRecorder(observing: [webState])
        var commands = 0
        let subscription = webState.addScriptCommandCallback(prefix: "p") { _ in commands += 1 }

        webState.close()
        recorder.reset()
        content.simulateTitleChange("late")
        content.simulateRenderProcessGone()
        content.simulateScriptCommand(ScriptCommand(name: "p.late", body: ""))

        #expect(recorder.events.isEmpty)
        #expect(commands == 0)
        withExtendedLifetime(subscription) {}
    }

    @Test func observersSeeAConsistentWebStateWhenDestroyed() {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        let probe = DestructionProbe()
        webState.addObserver(probe)
        webState.userData.set(Marker(), for: UserDataKey<Marker>())

        webState.close()

        #expect(probe.wasBeingDestroyed == true)
        #expect(probe.hadUserData == true, "tab helpers are still attached during webStateDestroyed")
    }

    @Test func closingAnUnrealizedWebStateDoesNotRealizeIt() {
        let spy = LoaderSpy(storage: sampleStorage)
        let webState = fixture.makeUnrealized(spy: spy)
        let recorder = WebStateEventRecorder(observing: [webState])

        webState.close()

        #expect(recorder.events == ["webStateDestroyed"])
        #expect(spy.totalCalls == 0)
        #expect(fixture.engine.contentsCreated == 0)
    }

    @Test func closingEveryWebStateReleasesEveryContent() {
        let webStates = (0..<5).map { _ in fixture.makeWebState(loading: [url("https://a.example/")]) }
        #expect(fixture.engine.liveContents == 5)
        for webState in webStates { webState.close() }
        #expect(fixture.engine.liveContents == 0)
        #expect(fixture.engine.contentsCreated == 5)
    }

    @Test func closingTwiceFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let engine = FakeWebEngine()
                let webState = WebState(params: .init(context: engine.defaultContext))
                webState.close()
                webState.close()
            }
        }.expectPreconditionMessage("closed twice")
    }

    @Test func realizingAfterCloseFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let engine = FakeWebEngine()
                let metadata = WebStateMetadata(creationTime: Date(), lastActiveTime: Date())
                let webState = WebState(
                    context: engine.defaultContext, id: .newUnique(), metadata: metadata,
                    loaders: .init(storage: { nil }, nativeSessionState: { nil }))
                webState.close()
                webState.forceRealized()
            }
        }.expectPreconditionMessage("realized while being destroyed")
    }

    @Test func serializingAnUnrealizedWebStateToStorageFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let engine = FakeWebEngine()
                let metadata = WebStateMetadata(creationTime: Date(), lastActiveTime: Date())
                let webState = WebState(
                    context: engine.defaultContext, id: .newUnique(), metadata: metadata,
                    loaders: .init(storage: { nil }, nativeSessionState: { nil }))
                _ = webState.serializeToStorage()
            }
        }.expectPreconditionMessage("serializeToStorage() on an unrealized WebState")
    }
}

@MainActor @Suite struct WebStateObserverTests {
    let fixture = WebFixture()

    @Test func observersAreHeldWeakly() {
        let webState = fixture.makeWebState()
        weak var weakRecorder: WebStateEventRecorder?
        do {
            let recorder = WebStateEventRecorder(observing: [webState])
            weakRecorder = recorder
            #expect(webState.hasObserver(recorder))
        }
        #expect(weakRecorder == nil)
        webState.load(url("https://a.example/"))  // Must not reach the released observer.
        #expect(webState.lastCommittedURL == url("https://a.example/"))
    }

    @Test func removedObserversGetNothing() {
        let webState = fixture.makeWebState()
        let recorder = WebStateEventRecorder(observing: [webState])
        webState.removeObserver(recorder)
        #expect(!webState.hasObserver(recorder))
        webState.load(url("https://a.example/"))
        #expect(recorder.events.isEmpty)
    }

    @Test func oneObserverCanWatchSeveralWebStates() {
        let first = fixture.makeWebState()
        let second = fixture.makeWebState()
        let recorder = WebStateEventRecorder(observing: [first, second])
        first.load(url("https://a.example/"))
        second.load(url("https://b.example/"))
        #expect(recorder.count("pageLoaded") == 2)
    }

    @Test func serializeMetadataDescribesARealizedWebState() {
        let created = Date()
        let webState = WebState(params: .init(context: fixture.context, lastActiveTime: referenceDate))
        fixture.engine.setPage(url("https://a.example/2"), .init(title: "Second"))
        webState.load(url("https://a.example/1"))
        webState.load(url("https://a.example/2"))

        let metadata = webState.serializeMetadata()
        #expect(metadata.title == "Second")
        #expect(metadata.url == url("https://a.example/2"))
        #expect(metadata.navigationItemCount == 2)
        #expect(metadata.lastActiveTime == referenceDate)
        #expect(metadata.creationTime >= created)
    }

    @Test func createParamsAreKept() {
        let webState = WebState(params: .init(context: fixture.context, createdWithOpener: true))
        #expect(webState.hasOpener)
        #expect(webState.context === fixture.context)
        #expect(webState.lastActiveTime == webState.creationTime)
    }
}

@MainActor @Suite struct SessionStateRoundTripTests {
    let fixture = WebFixture()

    @Test func nativeBlobRestoresTheWholeHistory() throws {
        let pages = [url("https://a.example/1"), url("https://b.example/2"), url("https://c.example/3")]
        let original = fixture.makeWebState(loading: pages)
        original.navigationManager.goBack()
        let blob = try #require(original.sessionStateData)
        let saved = original.serializeMetadata()

        // The storage is unreadable: only the blob knows the history.
        let spy = LoaderSpy(storage: nil, nativeSessionState: blob)
        let restored = fixture.makeUnrealized(metadata: saved, spy: spy)
        #expect(restored.sessionStateData == blob, "the blob can be saved again without realizing")
        #expect(!restored.isRealized)

        restored.forceRealized()

        let manager = restored.navigationManager
        #expect(urls(of: manager.history) == pages)
        #expect(manager.lastCommittedItemIndex == 1)
        #expect(manager.items.map(\.title) == original.navigationManager.items.map(\.title))
        #expect(restored.lastCommittedURL == pages[1])
        #expect(try fakeContent(of: restored).loadedURLs == [pages[1]])
        let reencoded = try #require(restored.sessionStateData)
        #expect(reencoded.count > 0)
    }

    @Test func storageRoundTripRestoresTheWholeHistory() {
        let pages = [url("https://a.example/1"), url("https://b.example/2")]
        let original = fixture.makeWebState(loading: pages)
        let storage = original.serializeToStorage()

        let restored = fixture.makeUnrealized(metadata: storage.metadata, spy: LoaderSpy(storage: storage))
        #expect(restored.title == original.title)
        #expect(restored.navigationItemCount == 2)
        restored.forceRealized()

        #expect(urls(of: restored.navigationManager.history) == pages)
        #expect(restored.navigationManager.lastCommittedItemIndex == 1)
    }
}

@Suite struct NavigationHistoryTests {
    static let items = (1...3).map {
        NavigationItem(url: url("https://a.example/\($0)"), timestamp: referenceDate)
    }

    @Test func emptyHistoryHasNothingToGoTo() {
        let history = NavigationHistory.empty
        #expect(history.items.isEmpty)
        #expect(history.lastCommittedItemIndex == -1)
        #expect(history.lastCommittedItem == nil)
        #expect(!history.canGoBack)
        #expect(!history.canGoForward)
    }

    @Test(arguments: [
        (1, 0, false, false),
        (3, 0, false, true),
        (3, 1, true, true),
        (3, 2, true, false),
        (3, -1, false, false),
    ])
    func backAndForwardDependOnTheCommittedIndex(_ count: Int, _ index: Int, _ back: Bool, _ forward: Bool) {
        let history = NavigationHistory(items: Array(Self.items.prefix(count)), lastCommittedItemIndex: index)
        #expect(history.canGoBack == back)
        #expect(history.canGoForward == forward)
        #expect(history.lastCommittedItem == (index >= 0 ? Self.items[index] : nil))
    }

    @Test func historyRoundTripsThroughJSON() throws {
        let history = NavigationHistory(items: Self.items, lastCommittedItemIndex: 1)
        let data = try JSONEncoder().encode(history)
        #expect(try JSONDecoder().decode(NavigationHistory.self, from: data) == history)
    }

    @Test func itemDisplaysItsVirtualURL() {
        var item = NavigationItem(url: url("https://a.example/real"))
        #expect(item.displayURL == url("https://a.example/real"))
        item.virtualURL = url("chrome://shown")
        #expect(item.displayURL == url("chrome://shown"))
    }

    @Test(arguments: [3, 4, -2])
    func outOfRangeIndexFailsLoudly(_ index: Int) async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [index] in
            let items = (1...3).map { NavigationItem(url: URL(string: "https://a.example/\($0)")!) }
            _ = NavigationHistory(items: items, lastCommittedItemIndex: index)
        }.expectPreconditionMessage("NavigationHistory: index \(index) out of range for 3 items")
    }

    @Test func emptyHistoryWithACommittedIndexFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = NavigationHistory(items: [], lastCommittedItemIndex: 0)
        }.expectPreconditionMessage("NavigationHistory: index 0 out of range for 0 items")
    }
}

/// Records what the WebState looks like during `webStateDestroyed`.
@MainActor
final class DestructionProbe: WebStateObserver {
    private(set) var wasBeingDestroyed: Bool?
    private(set) var hadUserData: Bool?
    func webStateDestroyed(_ webState: WebState) {
        wasBeingDestroyed = webState.isBeingDestroyed
        hadUserData = webState.userData.contains(UserDataKey<Marker>())
    }
}
