import Base
import Foundation
import Testing
import Web
import WebTestSupport

/// An API that needs the engine, so calling it realizes an unrealized WebState.
enum RealizationTrigger: String, CaseIterable, Sendable {
    case forceRealized, navigationManager, load, reload, wasShown, evaluateJavaScript, view
    case makeFindInPageController

    @MainActor func perform(on webState: WebState) {
        switch self {
        case .forceRealized: webState.forceRealized()
        case .navigationManager: _ = webState.navigationManager
        case .load: webState.load(url("https://new.example/page"))
        case .reload: webState.reload()
        case .wasShown: webState.wasShown()
        case .evaluateJavaScript: webState.evaluateJavaScript("document.title") { _ in }
        case .view: _ = webState.view
        case .makeFindInPageController: _ = webState.makeFindInPageController()
        }
    }
}

/// An API an unrealized WebState serves without its engine.
enum NonTrigger: String, CaseIterable, Sendable {
    case getters, addObserver, removeObserver, addPolicyDecider, addScriptCommandCallback, userData
    case serializeMetadata, sessionStateData, wasHidden, stopLoading, decidePolicy

    @MainActor func perform(on webState: WebState) {
        switch self {
        case .getters:
            _ = webState.title
            _ = webState.visibleURL
            _ = webState.lastCommittedURL
            _ = webState.navigationItemCount
            _ = webState.isLoading
            _ = webState.loadingProgress
            _ = webState.isCrashed
            _ = webState.faviconURL
            _ = webState.navigationManagerIfRealized
            _ = webState.isVisible
            _ = webState.isBeingDestroyed
            _ = webState.hasOpener
            _ = webState.creationTime
            _ = webState.lastActiveTime
            _ = webState.id
        case .addObserver: webState.addObserver(keptAlive(WebStateEventRecorder()))
        case .removeObserver:
            let recorder = keptAlive(WebStateEventRecorder())
            webState.addObserver(recorder)
            webState.removeObserver(recorder)
        case .addPolicyDecider: webState.addPolicyDecider(keptAlive(RecordingDecider()))
        case .addScriptCommandCallback:
            _ = keptAlive(webState.addScriptCommandCallback(prefix: "test") { _ in })
        case .userData: webState.userData.set(keptAlive(Marker()), for: UserDataKey<Marker>())
        case .serializeMetadata: _ = webState.serializeMetadata()
        case .sessionStateData: _ = webState.sessionStateData
        case .wasHidden: webState.wasHidden()
        case .stopLoading: webState.stopLoading()
        case .decidePolicy: _ = webState.decidePolicy(for: NavigationRequest(url: url("https://x.example/")))
        }
    }
}

/// Keeps weakly registered objects alive for the rest of the test process.
@MainActor private var keepAlive: [AnyObject] = []
@MainActor private func keptAlive<T: AnyObject>(_ object: T) -> T {
    keepAlive.append(object)
    return object
}

/// Something to attach as user data.
final class Marker {}

/// Records what it is asked and answers `.cancel` for the URLs in `blocked`.
@MainActor
final class RecordingDecider: WebStatePolicyDecider {
    var blocked: Set<URL>
    private(set) var asked: [URL] = []

    init(blocking blocked: Set<URL> = []) { self.blocked = blocked }

    func shouldAllowRequest(_ request: NavigationRequest, in webState: WebState) -> PolicyDecision {
        asked.append(request.url)
        return blocked.contains(request.url) ? .cancel : .allow
    }
}

@MainActor @Suite struct UnrealizedWebStateTests {
    let fixture = WebFixture()

    @Test func gettersAnswerFromTheMetadataWithoutLoadingAnything() {
        let spy = LoaderSpy(storage: sampleStorage)
        let id = WebStateID.newUnique()
        let webState = fixture.makeUnrealized(id: id, spy: spy)

        #expect(!webState.isRealized)
        #expect(webState.id == id)
        #expect(webState.title == "Saved two")
        #expect(webState.visibleURL == url("https://b.example/two"))
        #expect(webState.lastCommittedURL == url("https://b.example/two"))
        #expect(webState.navigationItemCount == 3)
        #expect(webState.creationTime == referenceDate)
        #expect(webState.lastActiveTime == referenceDate.addingTimeInterval(60))
        #expect(!webState.isLoading)
        #expect(webState.loadingProgress == 0)
        #expect(!webState.isCrashed)
        #expect(webState.faviconURL == nil)
        #expect(!webState.isVisible)
        #expect(webState.navigationManagerIfRealized == nil)
        #expect(webState.serializeMetadata() == sampleMetadata)

        #expect(spy.totalCalls == 0)
        #expect(fixture.engine.contentsCreated == 0)
        #expect(!webState.isRealized)
    }

    @Test func realizingAsksTheEngineForAContentForTheCommittedPage() {
        let webState = fixture.makeUnrealized(spy: LoaderSpy(storage: sampleStorage))
        webState.forceRealized()
        #expect(fixture.context.contentURLs == [url("https://b.example/two")])

        webState.discard()
        webState.forceRealized()  // Back from a discard: the same page.
        #expect(fixture.context.contentURLs == [url("https://b.example/two"), url("https://b.example/two")])
    }

    @Test func aNewWebStateTellsTheEngineThePageItWillLoad() {
        let page = url("https://new.example/page")
        let webState = WebState(params: .init(context: fixture.context, url: page))
        let blank = WebState(params: .init(context: fixture.context))
        let child = WebState(params: .init(context: fixture.context, opener: webState, url: page))
        #expect(fixture.context.contentURLs == [page, nil])  // The child shares its opener's.
        for tab in [child, blank, webState] { tab.close() }
    }

    @Test func metadataWithoutAPageGivesDefaults() {
        let metadata = WebStateMetadata(creationTime: referenceDate, lastActiveTime: referenceDate)
        let webState = fixture.makeUnrealized(metadata: metadata, spy: LoaderSpy())
        #expect(webState.title == "")
        #expect(webState.visibleURL == nil)
        #expect(webState.lastCommittedURL == nil)
        #expect(webState.navigationItemCount == 0)
    }

    @Test func manyUnrealizedWebStatesCreateNoContent() {
        let spy = LoaderSpy(storage: sampleStorage)
        let webStates = (0..<1_000).map { _ in fixture.makeUnrealized(spy: spy) }
        let titles = webStates.map(\.title)

        #expect(titles.allSatisfy { $0 == "Saved two" })
        #expect(webStates.allSatisfy { !$0.isRealized })
        #expect(fixture.engine.contentsCreated == 0)
        #expect(fixture.context.contentsCreated == 0)
        #expect(spy.totalCalls == 0)
    }

    @Test(arguments: RealizationTrigger.allCases)
    func triggerRealizesExactlyOnce(_ trigger: RealizationTrigger) {
        let spy = LoaderSpy(storage: sampleStorage)
        let webState = fixture.makeUnrealized(spy: spy)
        let recorder = WebStateEventRecorder(observing: [webState])

        trigger.perform(on: webState)
        #expect(webState.isRealized)
        #expect(webState.navigationManagerIfRealized != nil)

        // Neither the same trigger again nor any other realizes a second time.
        trigger.perform(on: webState)
        for other in RealizationTrigger.allCases { other.perform(on: webState) }

        #expect(recorder.count("webStateRealized") == 1)
        #expect(fixture.engine.contentsCreated == 1)
        #expect(spy.storageCalls == 1)
        #expect(spy.nativeSessionStateCalls == 1)
    }

    @Test(arguments: NonTrigger.allCases)
    func nonTriggerLeavesTheWebStateUnrealized(_ call: NonTrigger) {
        let spy = LoaderSpy(storage: sampleStorage)
        let webState = fixture.makeUnrealized(spy: spy)
        let recorder = WebStateEventRecorder(observing: [webState])

        call.perform(on: webState)
        call.perform(on: webState)

        #expect(!webState.isRealized)
        #expect(webState.navigationManagerIfRealized == nil)
        #expect(fixture.engine.contentsCreated == 0)
        #expect(spy.storageCalls == 0)
        #expect(recorder.events.isEmpty)
    }

    @Test func sessionStateDataReadsTheSavedBlobWithoutRealizing() {
        let blob = Data("saved blob".utf8)
        let spy = LoaderSpy(storage: sampleStorage, nativeSessionState: blob)
        let webState = fixture.makeUnrealized(spy: spy)

        #expect(webState.sessionStateData == blob)
        #expect(!webState.isRealized)
        #expect(spy.storageCalls == 0)
    }

    @Test func forceRealizedIsIdempotent() {
        let webState = fixture.makeUnrealized(spy: LoaderSpy(storage: sampleStorage))
        let recorder = WebStateEventRecorder(observing: [webState])

        webState.forceRealized()
        let eventsAfterFirst = recorder.events
        webState.forceRealized()
        webState.forceRealized()

        #expect(recorder.events == eventsAfterFirst)
        #expect(recorder.count("webStateRealized") == 1)
        #expect(fixture.engine.contentsCreated == 1)
    }

    @Test func freshWebStateIsRealizedAndNeverSendsRealized() {
        let webState = fixture.makeWebState()
        let recorder = WebStateEventRecorder(observing: [webState])
        #expect(webState.isRealized)
        #expect(webState.navigationManagerIfRealized != nil)
        webState.forceRealized()
        #expect(recorder.events.isEmpty)
        #expect(fixture.engine.contentsCreated == 1)
    }

    // MARK: Restoration

    @Test func realizationRestoresTheWholeHistoryAndLoadsTheCommittedEntry() throws {
        let webState = fixture.makeUnrealized(spy: LoaderSpy(storage: sampleStorage))
        webState.forceRealized()

        let manager = webState.navigationManager
        #expect(urls(of: manager.history) == urls(of: sampleHistory))
        #expect(manager.items.map(\.title) == ["One", "two", "Three"])
        #expect(manager.lastCommittedItemIndex == 1)
        #expect(manager.canGoBack)
        #expect(manager.canGoForward)
        #expect(try fakeContent(of: webState).loadedURLs == [url("https://b.example/two")])
        #expect(webState.lastCommittedURL == url("https://b.example/two"))
        #expect(webState.title == "two", "the committed entry was loaded again")
        #expect(webState.navigationItemCount == 3)
    }

    @Test func realizationPrefersAReadableNativeBlob() throws {
        // A blob written by the engine, with a different history than the storage's.
        let source = fixture.makeWebState(loading: [url("https://x.example/1"), url("https://x.example/2")])
        let blob = try #require(source.sessionStateData)
        let spy = LoaderSpy(storage: sampleStorage, nativeSessionState: blob)
        let webState = fixture.makeUnrealized(spy: spy)

        webState.forceRealized()

        #expect(
            urls(of: webState.navigationManager.history) == [
                url("https://x.example/1"), url("https://x.example/2"),
            ])
        #expect(webState.navigationManager.lastCommittedItemIndex == 1)
        #expect(try fakeContent(of: webState).loadedURLs == [url("https://x.example/2")])
    }

    @Test func unreadableNativeBlobFallsBackToTheStorageHistory() throws {
        let spy = LoaderSpy(storage: sampleStorage, nativeSessionState: Data("not the fake's".utf8))
        let webState = fixture.makeUnrealized(spy: spy)

        webState.forceRealized()

        #expect(urls(of: webState.navigationManager.history) == urls(of: sampleHistory))
        #expect(try fakeContent(of: webState).loadedURLs == [url("https://b.example/two")])
    }

    @Test func missingStorageFallsBackToTheMetadataPage() throws {
        let webState = fixture.makeUnrealized(spy: LoaderSpy(storage: nil))

        webState.forceRealized()

        let history = webState.navigationManager.history
        #expect(urls(of: history) == [url("https://b.example/two")])
        #expect(history.lastCommittedItemIndex == 0)
        #expect(try fakeContent(of: webState).loadedURLs == [url("https://b.example/two")])
        #expect(webState.navigationItemCount == 1)
    }

    @Test func nothingToRestoreGivesAnEmptyRealizedWebState() throws {
        let metadata = WebStateMetadata(creationTime: referenceDate, lastActiveTime: referenceDate)
        let webState = fixture.makeUnrealized(metadata: metadata, spy: LoaderSpy(storage: nil))
        let recorder = WebStateEventRecorder(observing: [webState])

        webState.forceRealized()

        #expect(webState.isRealized)
        #expect(webState.navigationItemCount == 0)
        #expect(webState.lastCommittedURL == nil)
        #expect(try fakeContent(of: webState).loadedURLs.isEmpty)
        #expect(recorder.events == ["webStateRealized"])
    }

    @Test func realizationKeepsTheOpenerFlagFromStorage() {
        var storage = sampleStorage
        storage.hasOpener = true
        let webState = fixture.makeUnrealized(spy: LoaderSpy(storage: storage))
        webState.forceRealized()
        #expect(webState.hasOpener)
        #expect(webState.serializeToStorage().hasOpener)
    }

    @Test func realizedWebStateSavesWhatItRestored() {
        var storage = sampleStorage
        storage.userAgent = .desktop
        let webState = fixture.makeUnrealized(spy: LoaderSpy(storage: storage))
        webState.forceRealized()

        let saved = webState.serializeToStorage()
        #expect(urls(of: saved.navigation) == urls(of: sampleHistory))
        #expect(saved.navigation.lastCommittedItemIndex == 1)
        #expect(saved.userAgent == .desktop, "the tab's user agent survives a restore and save")
        #expect(saved.metadata.creationTime == referenceDate)
        #expect(saved.metadata.url == url("https://b.example/two"))
        #expect(saved.metadata.navigationItemCount == 3)
    }

    @Test func realizationKeepsTheSavedTimes() {
        let webState = fixture.makeUnrealized(spy: LoaderSpy(storage: sampleStorage))
        webState.forceRealized()
        #expect(webState.creationTime == referenceDate)
        #expect(webState.lastActiveTime == referenceDate.addingTimeInterval(60))
    }

    /// Chromium sends WebStateRealized once the restored state is in place and before the
    /// restored page's load is reported (that load is asynchronous there). The fake engine
    /// loads synchronously inside `restore`, so the WebState must still make
    /// `webStateRealized` the first event, sent when the history is already restored: a tab
    /// helper that starts on `webStateRealized` must see the restored page load.
    @Test func realizedIsTheFirstEventAndComesWithTheRestoredHistory() {
        let webState = fixture.makeUnrealized(spy: LoaderSpy(storage: sampleStorage))
        let recorder = WebStateEventRecorder(observing: [webState])
        let probe = RealizationProbe()
        webState.addObserver(probe)

        webState.forceRealized()

        #expect(
            recorder.events == [
                "webStateRealized",
                "didStartLoading",
                "didStartNavigation(https://b.example/two)",
                "loadProgressChanged(0.1)",
                "didFinishNavigation(https://b.example/two committed)",
                "didChangeVisibleSecurityState",
                "didChangeBackForwardState",
                "titleWasSet(two)",
                "loadProgressChanged(1.0)",
                "didStopLoading",
                "pageLoaded(success)",
            ])
        #expect(probe.itemCountWhenRealized == 3)
        #expect(probe.committedURLWhenRealized == url("https://b.example/two"))
        #expect(probe.eventsAfterRealized == 9, "the helper saw the whole restored load")
    }

    @Test func realizedIsSentOnceEvenWhenTheRestoredLoadIsCancelled() throws {
        let webState = fixture.makeUnrealized(spy: LoaderSpy(storage: sampleStorage))
        let decider = RecordingDecider(blocking: [url("https://b.example/two")])
        webState.addPolicyDecider(decider)
        let recorder = WebStateEventRecorder(observing: [webState])

        webState.forceRealized()

        #expect(decider.asked == [url("https://b.example/two")])
        #expect(recorder.count("webStateRealized") == 1)
        #expect(recorder.count("didStartLoading") == 0)
        #expect(try fakeContent(of: webState).loadedURLs.isEmpty)
        #expect(urls(of: webState.navigationManager.history) == urls(of: sampleHistory))
    }

    @Test func serializeMetadataDuringTheRestoredLoadDescribesTheLiveState() {
        let webState = fixture.makeUnrealized(spy: LoaderSpy(storage: sampleStorage))
        let probe = MetadataProbe()
        webState.addObserver(probe)

        webState.forceRealized()

        let metadata = probe.metadataAtPageLoaded
        #expect(metadata?.title == "two", "not the saved title 'Saved two'")
        #expect(metadata?.url == url("https://b.example/two"))
        #expect(metadata?.navigationItemCount == 3)
    }

    // MARK: Registrations made while unrealized

    @Test func registrationsMadeWhileUnrealizedKeepWorking() throws {
        let webState = fixture.makeUnrealized(spy: LoaderSpy(storage: sampleStorage))
        let recorder = WebStateEventRecorder(observing: [webState])
        let decider = RecordingDecider(blocking: [url("https://blocked.example/")])
        webState.addPolicyDecider(decider)
        var commands: [String] = []
        let subscription = webState.addScriptCommandCallback(prefix: "helper") { commands.append($0.name) }
        let marker = Marker()
        webState.userData.set(marker, for: UserDataKey<Marker>())
        #expect(!webState.isRealized)

        webState.forceRealized()
        recorder.reset()

        webState.load(url("https://allowed.example/page"))
        #expect(recorder.count("pageLoaded") == 1)
        #expect(webState.lastCommittedURL == url("https://allowed.example/page"))

        recorder.reset()
        webState.load(url("https://blocked.example/"))
        #expect(recorder.events.isEmpty)
        #expect(decider.asked.contains(url("https://blocked.example/")))
        #expect(webState.lastCommittedURL == url("https://allowed.example/page"))

        let content = try fakeContent(of: webState)
        content.simulateScriptCommand(ScriptCommand(name: "helper.ping", body: "{}"))
        #expect(commands == ["helper.ping"])
        #expect(webState.userData.get(UserDataKey<Marker>()) === marker)
        #expect(webState.hasObserver(recorder))
        withExtendedLifetime(subscription) {}
    }
}

/// Records the state an observer sees when `webStateRealized` arrives.
@MainActor
final class RealizationProbe: WebStateObserver {
    private(set) var itemCountWhenRealized: Int?
    private(set) var committedURLWhenRealized: URL?
    private(set) var eventsAfterRealized = 0

    func webStateRealized(_ webState: WebState) {
        itemCountWhenRealized = webState.navigationManagerIfRealized?.itemCount
        committedURLWhenRealized = webState.lastCommittedURL
    }
    func didChangeBackForwardState(_ webState: WebState) { count() }
    func didStartLoading(_ webState: WebState) { count() }
    func didStartNavigation(_ webState: WebState, context: NavigationContext) { count() }
    func didFinishNavigation(_ webState: WebState, context: NavigationContext) { count() }
    func titleWasSet(_ webState: WebState) { count() }
    func faviconURLUpdated(_ webState: WebState, url: URL?) { count() }
    func didStopLoading(_ webState: WebState) { count() }
    func pageLoaded(_ webState: WebState, status: PageLoadCompletionStatus) { count() }
    func loadProgressChanged(_ webState: WebState, progress: Double) { count() }

    private func count() { if itemCountWhenRealized != nil { eventsAfterRealized += 1 } }
}

/// Saves the metadata when a page finishes loading.
@MainActor
final class MetadataProbe: WebStateObserver {
    private(set) var metadataAtPageLoaded: WebStateMetadata?
    func pageLoaded(_ webState: WebState, status: PageLoadCompletionStatus) {
        metadataAtPageLoaded = webState.serializeMetadata()
    }
}
