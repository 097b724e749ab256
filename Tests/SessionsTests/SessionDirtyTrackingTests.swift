import Base
import Foundation
import ModelTestSupport
import TabModel
import Testing
import Web
import WebTestSupport

@testable import Sessions

/// The dirty tracking of one window session (Chromium's
/// SessionRestorationWebStateListObserverTest), checked on the tracker itself; the
/// service's save timer stands for Chromium's "dirty" callback.
@MainActor
struct SessionDirtyTrackingTests {
    let env = SessionTestEnvironment()
    let service: SessionRestorationService
    let browser: Browser
    let tracker: BrowserSession

    init() {
        service = env.makeService()
        browser = env.makeBrowser()
        tracker = BrowserSession(
            browser: browser, sessionID: "tracked", directory: env.sessionPath("tracked"), service: service)
    }

    var list: WebStateList { browser.webStateList }

    /// The number of saves scheduled (the dirty callback starts one when none is pending).
    var scheduledSaves: Int { env.clock.pendingCount }

    func finish() {
        tracker.stopObserving()
        env.tearDown()
    }

    func realized(_ url: String = "https://realized.test/") -> WebState { env.makeRealizedTab([url]) }

    func unrealized(url: String? = "https://unrealized.test/") -> WebState {
        let now = Date()
        return WebState(
            context: env.engine.defaultContext, id: .newUnique(),
            metadata: WebStateMetadata(
                creationTime: now, lastActiveTime: now, title: "unrealized",
                url: url.flatMap(URL.init(string:)),
                navigationItemCount: url == nil ? 0 : 1),
            loaders: .init(storage: { nil }, nativeSessionState: { nil }))
    }

    func expectClean(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!tracker.isDirty, comment, sourceLocation: sourceLocation)
        #expect(!tracker.isListDirty, comment, sourceLocation: sourceLocation)
        #expect(tracker.dirtyWebStates.isEmpty, comment, sourceLocation: sourceLocation)
        #expect(tracker.inserted.isEmpty, comment, sourceLocation: sourceLocation)
        #expect(tracker.detached.isEmpty, comment, sourceLocation: sourceLocation)
        #expect(tracker.closed.isEmpty, comment, sourceLocation: sourceLocation)
    }

    /// Forgets the changes so far and cancels the save they scheduled.
    func reset() {
        tracker.clearDirty()
        service.saveSessions()  // stops the timer; the tracker is not the service's, nothing is written
        #expect(scheduledSaves == 0)
    }

    @Test func aNewTrackerIsClean() {
        defer { finish() }
        expectClean()
        #expect(scheduledSaves == 0)
    }

    @Test func insertingARealizedTabDirtiesTheListAndTheTab() {
        defer { finish() }
        let tab = realized()
        list.insert(tab)
        #expect(tracker.isListDirty)
        #expect(Set(tracker.dirtyWebStates.keys) == [tab.id])
        #expect(tracker.inserted.isEmpty)
        #expect(tracker.detached.isEmpty)
        #expect(tracker.closed.isEmpty)
        #expect(scheduledSaves == 1)
        tracker.clearDirty()
        expectClean()
    }

    @Test func insertingAnUnrealizedTabFromElsewhereMarksItForAdoption() {
        defer { finish() }
        let tab = unrealized()
        list.insert(tab)
        #expect(tracker.isListDirty)
        #expect(tracker.dirtyWebStates.isEmpty)
        #expect(Set(tracker.inserted.keys) == [tab.id])
        #expect(tracker.detached.isEmpty)
        #expect(scheduledSaves == 1)
        #expect(!tab.isRealized)
        tracker.clearDirty()
        expectClean()
    }

    @Test func insertingSeveralTabsSchedulesOneSave() {
        defer { finish() }
        let first = realized()
        let second = realized()
        list.insert(first)
        list.insert(second)
        list.insert(unrealized())
        #expect(Set(tracker.dirtyWebStates.keys) == [first.id, second.id])
        #expect(scheduledSaves == 1)
        tracker.clearDirty()
        expectClean()
        #expect(scheduledSaves == 1)  // clearing is not a change
    }

    @Test func laterChangesDoNotPushTheSaveBack() {
        defer { finish() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        browser.webStateList.insert(realized("https://a.test/"))
        #expect(env.clock.pendingCount == 1)
        env.clock.advance(by: .milliseconds(600))
        browser.webStateList.insert(realized("https://b.test/"))
        browser.webStateList.activate(at: 1)
        #expect(env.clock.pendingCount == 1)
        env.clock.advance(by: .milliseconds(399))
        #expect(service.saveCount == 0)
        env.clock.advance(by: .milliseconds(1))  // one delay after the first change
        #expect(service.saveCount == 1)
        service.waitForPendingIO()
        #expect(env.readList("w0")?.items.count == 2)

        // Saved: clean again, and nothing more is scheduled or written.
        #expect(env.clock.pendingCount == 0)
        env.clock.advance(by: env.saveDelay * 3)
        service.saveSessions()
        #expect(service.saveCount == 1)

        // The next change starts a new delay.
        browser.webStateList.activate(at: 0)
        #expect(env.clock.pendingCount == 1)
        env.clock.advance(by: env.saveDelay)
        #expect(service.saveCount == 2)
        service.disconnect(browser)
    }

    @Test func detachingARealizedTabDirtiesOnlyTheList() {
        defer { finish() }
        list.insert(realized())
        reset()
        list.detach(at: 0)
        #expect(tracker.isListDirty)
        #expect(tracker.dirtyWebStates.isEmpty)
        #expect(tracker.inserted.isEmpty)
        #expect(tracker.detached.isEmpty)  // realized: its state is written wherever it goes
        #expect(tracker.closed.isEmpty)
        #expect(scheduledSaves == 1)
        tracker.clearDirty()
        expectClean()
    }

    @Test func detachingAnUnrealizedTabPutsItUpForAdoption() {
        defer { finish() }
        let tab = unrealized()
        list.insert(tab)
        reset()
        list.detach(at: 0)
        #expect(tracker.isListDirty)
        #expect(tracker.detached == [tab.id])
        #expect(tracker.inserted.isEmpty)
        #expect(tracker.closed.isEmpty)
        #expect(scheduledSaves == 1)
        tracker.clearDirty()
        expectClean()
    }

    @Test func detachingADirtyTabForgetsIt() {
        defer { finish() }
        list.insert(realized())
        list.detach(at: 0)
        #expect(tracker.isListDirty)
        #expect(tracker.dirtyWebStates.isEmpty)
        #expect(tracker.detached.isEmpty)
        #expect(tracker.closed.isEmpty)
        #expect(scheduledSaves == 1)
    }

    @Test func detachingAnUnrealizedTabJustInsertedForgetsIt() {
        defer { finish() }
        list.insert(unrealized())
        list.detach(at: 0)
        #expect(tracker.isListDirty)
        #expect(tracker.inserted.isEmpty)
        #expect(tracker.detached.isEmpty)
        #expect(tracker.closed.isEmpty)
        #expect(scheduledSaves == 1)
    }

    @Test func closingATabMarksItClosed() {
        defer { finish() }
        for tab in [realized(), unrealized()] {
            list.insert(tab)
            reset()
            list.close(at: 0)
            #expect(tracker.isListDirty)
            #expect(tracker.closed == [tab.id])
            #expect(tracker.dirtyWebStates.isEmpty)
            #expect(tracker.detached.isEmpty)
            #expect(scheduledSaves == 1, "closing a tab must schedule a save")
            tracker.clearDirty()
            expectClean()
        }
    }

    @Test func closingATabJustInsertedMarksItClosed() {
        defer { finish() }
        for tab in [realized(), unrealized()] {
            list.insert(tab)
            list.close(at: 0)
            #expect(tracker.isListDirty)
            #expect(tracker.closed == [tab.id])
            #expect(tracker.dirtyWebStates.isEmpty)
            #expect(tracker.inserted.isEmpty)
            #expect(tracker.detached.isEmpty)
            #expect(scheduledSaves == 1)
            reset()
        }
    }

    @Test func closingTabsInABatchSchedulesASave() {
        defer { finish() }
        list.insert(realized())
        list.insert(unrealized())
        reset()
        closeAllWebStates(list)
        #expect(tracker.closed.count == 2)
        #expect(tracker.isListDirty)
        #expect(scheduledSaves == 1)
    }

    @Test func movingAndActivatingDirtyOnlyTheList() {
        defer { finish() }
        list.insert(realized())
        list.insert(realized())
        reset()
        list.move(from: 0, to: 1)
        #expect(tracker.isListDirty)
        #expect(tracker.dirtyWebStates.isEmpty)
        #expect(scheduledSaves == 1)
        reset()
        list.activate(at: 0)
        #expect(tracker.isListDirty)
        #expect(tracker.dirtyWebStates.isEmpty)
        #expect(tracker.inserted.isEmpty && tracker.detached.isEmpty && tracker.closed.isEmpty)
        #expect(scheduledSaves == 1)
    }

    @Test func replacingATabDirtiesTheNewOneAndClosesTheOldOne() {
        defer { finish() }
        let old = realized()
        list.insert(old)
        reset()
        let new = realized("https://new.test/")
        list.replace(at: 0, with: new)
        #expect(tracker.isListDirty)
        #expect(Set(tracker.dirtyWebStates.keys) == [new.id])
        #expect(tracker.closed == [old.id])
        #expect(tracker.inserted.isEmpty && tracker.detached.isEmpty)
        #expect(scheduledSaves == 1)
        tracker.clearDirty()
        expectClean()
    }

    @Test func aBatchDirtiesTheListOnceAtItsEnd() {
        defer { finish() }
        list.insert(realized())
        list.insert(realized())
        reset()
        list.performBatchOperation {
            list.move(from: 0, to: 1)
            list.activate(at: 1)
            list.setPinned(at: 0, true)
            #expect(!tracker.isListDirty)
            #expect(scheduledSaves == 0)
        }
        #expect(tracker.isListDirty)
        #expect(scheduledSaves == 1)
        reset()
        list.performBatchOperation {}  // even an empty batch
        #expect(tracker.isListDirty)
        #expect(tracker.dirtyWebStates.isEmpty)
        #expect(scheduledSaves == 1)
    }

    @Test func navigationsTitlesAndShowingDirtyARealizedTab() {
        defer { finish() }
        let tab = realized("https://a.test/1")
        list.insert(tab)
        reset()
        tab.load(URL(string: "https://a.test/2")!)
        #expect(!tracker.isListDirty)
        #expect(Set(tracker.dirtyWebStates.keys) == [tab.id])
        #expect(scheduledSaves == 1)
        reset()
        tab.navigationManager.goBack()
        #expect(Set(tracker.dirtyWebStates.keys) == [tab.id])
        reset()
        tab.wasShown()
        #expect(Set(tracker.dirtyWebStates.keys) == [tab.id])
        #expect(!tracker.isListDirty)
        #expect(scheduledSaves == 1)
        reset()
        tab.wasHidden()
        expectClean()
        #expect(scheduledSaves == 0)
    }

    @Test func aTitleChangedByThePageDirtiesTheTab() {
        defer { finish() }
        let context = ContentRecordingContext(env.engine.defaultContext)
        let tab = WebState(params: .init(context: context))
        tab.load(URL(string: "https://a.test/")!)
        list.insert(tab)
        reset()
        context.contents.last?.simulateTitleChange("Changed by script")
        #expect(tab.title == "Changed by script")
        #expect(Set(tracker.dirtyWebStates.keys) == [tab.id])
        #expect(!tracker.isListDirty)
        #expect(scheduledSaves == 1)
    }

    @Test func realizationAloneDoesNotDirtyATab() {
        defer { finish() }
        let tab = unrealized(url: nil)
        list.insert(tab)
        reset()
        tab.forceRealized()
        #expect(tab.isRealized)
        expectClean()
        #expect(scheduledSaves == 0)
    }

    @Test func anExpectedTabIsNotAdopted() {
        defer { finish() }
        let tab = unrealized()
        tracker.expected.insert(tab.id)
        list.insert(tab)
        #expect(tracker.isListDirty)
        #expect(tracker.inserted.isEmpty)
        #expect(tracker.detached.isEmpty)
        #expect(tracker.closed.isEmpty)
        #expect(tracker.expected.isEmpty)
        #expect(scheduledSaves == 1)
    }

    @Test func aTabDetachedAndInsertedBackIsNeitherDetachedNorInserted() {
        defer { finish() }
        let tab = unrealized()
        tracker.expected.insert(tab.id)
        list.insert(tab)
        reset()
        let detached = list.detach(at: 0)
        #expect(tracker.detached == [tab.id])
        #expect(tracker.inserted.isEmpty)
        #expect(scheduledSaves == 1)
        list.insert(detached)
        #expect(tracker.isListDirty)
        #expect(tracker.detached.isEmpty)
        #expect(tracker.inserted.isEmpty)
        #expect(tracker.closed.isEmpty)
        #expect(scheduledSaves == 1)
    }

    @Test func changesAfterStopObservingAreIgnored() {
        defer { finish() }
        let tab = realized()
        list.insert(tab)
        reset()
        tracker.stopObserving()
        list.insert(realized())
        tab.load(URL(string: "https://later.test/")!)
        list.close(at: 0)
        expectClean()
        #expect(scheduledSaves == 0)
    }
}

/// An engine context that keeps the fake contents it makes, to drive them from tests.
@MainActor
private final class ContentRecordingContext: WebEngineContext {
    let base: FakeWebEngineContext
    private(set) var contents: [FakeWebContent] = []

    init(_ base: FakeWebEngineContext) { self.base = base }

    var storage: WebEngineStorage { base.storage }

    func makeWebContent(for url: URL?) -> any WebContent {
        let content = base.makeFakeWebContent()
        contents.append(content)
        return content
    }

    func addDownloadObserver(_ observer: any DownloadObserver) { base.addDownloadObserver(observer) }

    func removeDownloadObserver(_ observer: any DownloadObserver) { base.removeDownloadObserver(observer) }

    var downloadTasks: [any DownloadTask] { base.downloadTasks }

    func download(_ url: URL) { base.download(url) }

    var downloadDestinationDelegate: (any DownloadDestinationDelegate)? {
        get { base.downloadDestinationDelegate }
        set { base.downloadDestinationDelegate = newValue }
    }

    func fetchFavicon(forPageURL pageURL: URL, completion: @escaping @MainActor (Data?) -> Void) {
        base.fetchFavicon(forPageURL: pageURL, completion: completion)
    }

    var defaultPageZoom: DefaultPageZoom { base.defaultPageZoom }
    var privacySettings: WebEnginePrivacySettings {
        get { base.privacySettings }
        set { base.privacySettings = newValue }
    }

    func clearWebsiteData(
        _ types: WebsiteDataTypes, since: Date?, completion: @escaping @MainActor () -> Void
    ) {
        base.clearWebsiteData(types, since: since, completion: completion)
    }
}
