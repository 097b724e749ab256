import Base
import Foundation
import ModelTestSupport
import Profiles
import Sessions
import TabModel
import Testing
import Web
import WebTestSupport

@MainActor
struct SessionProfileIntegrationTests {
    let engine = FakeWebEngine()
    let clock = ManualTimerClock()

    func setUp() -> (ApplicationContext, BrowserListFactory, SessionServices, Profile) {
        let app = TestProfile.makeApplicationContext(engine: engine, clock: clock)
        let lists = BrowserListFactory.register(in: app.dependencyManager)
        let services = SessionServices.register(in: app, saveDelay: .seconds(1))
        let profile = try! app.profileManager.createProfile(named: "Default")
        return (app, lists, services, profile)
    }

    func filesUnder(_ url: URL) -> [String] {
        (FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String]) ?? []
    }

    func addTabs(_ browser: Browser, _ urls: [String]) {
        for url in urls {
            let tab = WebState(params: .init(context: browser.profile.webEngineContext))
            browser.webStateList.insert(tab, .automatic.activating())
            tab.load(URL(string: url)!)
        }
    }

    @Test func eachProfileHasItsServicesRootedInItsDirectory() {
        let (_, _, services, profile) = setUp()
        let regular = services.sessionRestoration(for: profile)
        let otr = services.sessionRestoration(for: profile.offTheRecordProfile)
        #expect(regular !== otr)
        #expect(
            regular.storageDirectory.path == profile.statePath.appendingPathComponent("SessionStorage").path)
        #expect(
            otr.storageDirectory.path == profile.statePath.appendingPathComponent("OTR/SessionStorage").path)
        #expect(services.tabRestore(for: profile).fileURL?.lastPathComponent == "RecentlyClosed.pb")
        #expect(services.tabRestore(for: profile.offTheRecordProfile).fileURL == nil)
    }

    @Test func closingTheLastIncognitoTabDeletesEveryIncognitoFile() {
        let (_, lists, services, profile) = setUp()
        let list = lists.browserList(for: profile)
        let lifetime = IncognitoSessionLifetime(
            profile: profile, browserList: list, services: services, clock: clock)
        let otr = profile.offTheRecordProfile
        let incognito = Browser(kind: .incognito, profile: otr, delegate: list.webStateListDelegate)
        list.add(incognito)
        let sessions = services.sessionRestoration(for: otr)
        sessions.setSessionID("incognito-window", for: incognito)
        addTabs(incognito, ["https://secret.test/a", "https://secret.test/b"])
        sessions.saveSessions()
        sessions.waitForPendingIO()
        let otrDirectory = profile.statePath.appendingPathComponent("OTR")
        #expect(filesUnder(otrDirectory).contains { $0.hasSuffix("data.pb") })
        incognito.webStateList.close(at: 0)
        clock.runDue()
        #expect(profile.hasOffTheRecordProfile)  // One tab is left.
        incognito.webStateList.close(at: 0)
        clock.runDue()
        #expect(lifetime.teardownCount == 1)
        #expect(!profile.hasOffTheRecordProfile)
        #expect(incognito.isDestroyed)
        #expect(!FileManager.default.fileExists(atPath: otrDirectory.path))
        #expect(list.browsers(.incognito).isEmpty)
        // A new incognito profile starts empty.
        #expect(profile.offTheRecordProfile !== otr)
    }

    @Test func windowsTheUserClosedGoToRecentlyClosedAndArePurged() throws {
        let (_, _, services, profile) = setUp()
        let sessions = services.sessionRestoration(for: profile)
        let kept = Browser(kind: .regular, profile: profile, delegate: nil)
        let closed = Browser(kind: .regular, profile: profile, delegate: nil)
        sessions.setSessionID("kept", for: kept)
        sessions.setSessionID("closed", for: closed)
        addTabs(kept, ["https://k.test/"])
        addTabs(closed, ["https://c.test/1", "https://c.test/2"])
        closed.webStateList.webState(at: 1).load(URL(string: "https://c.test/2b")!)
        sessions.saveSessions()
        sessions.waitForPendingIO()
        sessions.disconnect(kept)
        sessions.disconnect(closed)

        // Next launch: only "kept" is in the registry.
        let storage = sessions.storageDirectory
        let tabRestore = services.tabRestore(for: profile)
        let purged = sessions.purgeDiscardedSessions(
            keeping: ["kept"], into: tabRestore)
        #expect(purged == ["closed"])
        #expect(!FileManager.default.fileExists(atPath: storage.appendingPathComponent("closed").path))
        #expect(FileManager.default.fileExists(atPath: storage.appendingPathComponent("kept").path))
        guard case .window(let window) = try #require(tabRestore.entries.first) else {
            Issue.record("expected a closed window")
            return
        }
        #expect(window.tabs.count == 2)
        #expect(
            window.tabs[1].storage.navigation.items.map(\.url.absoluteString) == [
                "https://c.test/2", "https://c.test/2b",
            ])
        tabRestore.flush()
        let reread = TabRestoreService(fileURL: tabRestore.fileURL)
        #expect(reread.entries.count == 1)
    }

    @Test func crashRecoverySetsAsideAndRestoresOrDiscards() throws {
        let (_, _, services, profile) = setUp()
        let sessions = services.sessionRestoration(for: profile)
        let browser = Browser(kind: .regular, profile: profile, delegate: nil)
        sessions.setSessionID("w", for: browser)
        addTabs(browser, ["https://before.test/1", "https://before.test/2"])
        sessions.saveSessions()
        sessions.waitForPendingIO()
        sessions.disconnect(browser)
        // The process then "crashes"; the next launch sees lastRunCrashed (tested in
        // ApplicationContextTests) and sets the sessions aside before loading them.
        let recovery = SessionCrashRecovery(storageDirectory: sessions.storageDirectory)
        #expect(!recovery.setAsideIfNeeded(lastRunCrashed: false))
        #expect(recovery.setAsideIfNeeded(lastRunCrashed: true))
        #expect(recovery.hasBackup)
        // The new run saves something else over the live sessions.
        let fresh = SessionRestorationService(
            storageDirectory: sessions.storageDirectory, engineContext: engine.defaultContext, clock: clock)
        let newWindow = Browser(kind: .regular, profile: profile, delegate: nil)
        fresh.setSessionID("w", for: newWindow)
        addTabs(newWindow, ["https://after.test/"])
        fresh.saveSessions()
        fresh.waitForPendingIO()
        fresh.disconnect(newWindow)
        // The user chooses "restore".
        #expect(recovery.restore())
        #expect(!recovery.hasBackup)
        let reloaded = SessionRestorationService(
            storageDirectory: sessions.storageDirectory, engineContext: engine.defaultContext, clock: clock)
        let restoredWindow = Browser(kind: .regular, profile: profile, delegate: nil)
        reloaded.setSessionID("w", for: restoredWindow)
        let tabs = reloaded.loadSession(for: restoredWindow)
        #expect(tabs.map { $0.visibleURL?.host } == ["before.test", "before.test"])
        // Another crash, and this time "discard".
        #expect(recovery.setAsideIfNeeded(lastRunCrashed: true))
        recovery.discard()
        #expect(!recovery.hasBackup)
        #expect(!recovery.restore())
    }
}

@MainActor
struct SessionCrashLoadingTests {
    /// A crashed window's tabs wait unloaded while the user browses in a new window: tabs
    /// made meanwhile must not take their identifiers (ids restart with every process).
    @Test func crashRecoveryReservesTheIdentifiersOfStoredTabs() throws {
        let directory = TestProfile.makeUserDataDirectory().appendingPathComponent("SessionStorage")
        let far = WebStateID.generator.lastIssued + 5_000
        let tab = directory.appendingPathComponent(
            "window/\(WebStateID.fromSerializedValue(far)!.storageName)")
        try FileManager.default.createDirectory(at: tab, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("window/not-a-tab"), withIntermediateDirectories: true)
        // Advancing past `far` above was this test's own doing: check the walk reaches further.
        let further = far + 1_000
        let other = directory.appendingPathComponent(
            "other/\(String(UInt32(bitPattern: further), radix: 16).leftPadded(to: 8))")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        #expect(WebStateID.generator.lastIssued < further)

        SessionCrashRecovery(storageDirectory: directory).reserveStoredTabIDs()

        #expect(WebStateID.newUnique().rawValue > further)
    }

    @Test func tabsLoadingAtACrashComeBackWithoutLoading() {
        let engine = FakeWebEngine()
        let stalled = URL(string: "https://stalls.test/")!
        engine.setPage(stalled, FakeWebEngine.Page(title: "never", stalls: true))
        let clock = ManualTimerClock()
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "swiftlet-crashload-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let service = SessionRestorationService(
            storageDirectory: root, engineContext: engine.defaultContext, clock: clock)
        let browser = Browser(kind: .regular, profile: TestProfile.make(engine: engine), delegate: nil)
        service.setSessionID("w", for: browser)
        let idle = WebState(params: .init(context: engine.defaultContext))
        let busy = WebState(params: .init(context: engine.defaultContext))
        browser.webStateList.insert(idle)
        browser.webStateList.insert(busy)
        idle.load(URL(string: "https://idle.test/")!)
        busy.load(URL(string: "https://busy.test/")!)
        busy.load(stalled)
        #expect(busy.isLoading)
        service.saveSessions()
        service.waitForPendingIO()

        for afterCrash in [true, false] {
            let engine2 = FakeWebEngine()
            let reloaded = SessionRestorationService(
                storageDirectory: root, engineContext: engine2.defaultContext, clock: ManualTimerClock())
            let window = Browser(kind: .regular, profile: TestProfile.make(engine: engine2), delegate: nil)
            reloaded.setSessionID("w", for: window)
            let tabs = reloaded.loadSession(for: window, afterCrash: afterCrash)
            let recorders = tabs.map { WebStateEventRecorder(observing: [$0]) }
            for tab in tabs { tab.forceRealized() }
            #expect(tabs[0].navigationManager.lastCommittedItem?.url.host == "idle.test")
            #expect(tabs[1].navigationManager.lastCommittedItem?.url.host == "busy.test")
            #expect(tabs[1].navigationManager.itemCount == 1)
            // The idle tab always loads; the tab that was loading loads only without the crash.
            #expect(recorders[0].count("didStartLoading") == 1)
            #expect(recorders[1].count("didStartLoading") == (afterCrash ? 0 : 1))
            reloaded.disconnect(window)
            window.destroy()
        }
    }
}

extension String {
    /// The string with zeros in front up to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
