import Foundation
import Testing
import Web
import WebTestSupport

@testable import Sessions

/// A tab's page zoom is saved with its data.pb and comes back when the restored tab is
/// realized; files written before the field read as 100%.
@MainActor
struct SessionZoomTests {
    @Test func aZoomChangeIsSavedAndComesBackWhenTheTabIsRealized() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w", for: browser)
        let tabs = env.insertTabs(browser, urls: ["https://a.test/", "https://b.test/"])
        env.waitForSave(service)
        let savesBefore = service.saveCount

        // Changing the zoom alone makes the tab dirty: a save follows and writes it.
        tabs[0].zoomLevel = 1.5
        env.waitForSave(service)
        #expect(service.saveCount == savesBefore + 1)
        #expect(env.readTabData("w", tabs[0].id)?.zoomLevel == 1.5)
        #expect(env.readTabData("w", tabs[1].id)?.zoomLevel == 0, "100% is not written")

        let restarted = env.restart()
        let restoredBrowser = env.makeBrowser()
        restarted.setSessionID("w", for: restoredBrowser)
        let restored = restarted.loadSession(for: restoredBrowser)
        #expect(restored.map(\.isRealized) == [false, false])
        #expect(restored[0].zoomLevel == 1, "unknown until realized: nothing is read for it")
        restored[0].forceRealized()
        restored[1].forceRealized()
        #expect(restored[0].zoomLevel == 1.5)
        #expect(restored[1].zoomLevel == 1)
    }

    @Test func theRestoredZoomIsSetBeforeThePageLoads() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w", for: browser)
        let tab = env.insertTabs(browser, urls: ["https://a.test/"])[0]
        tab.zoomLevel = 0.75
        service.disconnect(browser)
        service.waitForPendingIO()

        let restarted = env.restart()
        let restoredBrowser = env.makeBrowser()
        restarted.setSessionID("w", for: restoredBrowser)
        let restoredTab = restarted.loadSession(for: restoredBrowser)[0]
        let observer = ZoomAtLoadObserver()
        restoredTab.addObserver(observer)
        restoredTab.forceRealized()
        #expect(observer.zoomAtFirstNavigation == 0.75)
        #expect(observer.zoomChanges == 0, "restoring is not a change of the user's")
    }

    /// The field absent (0) and values out of the zoom range read as a tab following the
    /// default zoom (nil); 1 is a tab zoomed to 100% on purpose.
    @Test(
        arguments: [
            (0.0, nil), (2.0, 2.0), (0.25, 0.25), (5.0, 5.0), (1.0, 1.0), (0.1, nil), (7.0, nil), (-1.0, nil),
        ] as [(Double, Double?)])
    func storedZoomLevelsReadBack(stored: Double, read: Double?) {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        var storage = StorageWebStateStorage()
        storage.navigation = StorageNavigationStorage(history(["https://a.test/"]))
        storage.zoomLevel = stored
        let parsed = try? StorageWebStateStorage(serializedBytes: try storage.serializedData())
        let metadata = WebStateMetadata(creationTime: Date(), lastActiveTime: Date())
        #expect(parsed?.model(metadata: metadata).zoomLevel == read)
    }

    @Test func aFileWrittenBeforeTheZoomFieldRestoresAt100Percent() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        env.writeList(listStorage([listItem(7, url: "https://old.test/")], active: 0), "w")
        env.writeTabData("w", rawID: 7, urls: ["https://old.test/"])
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w", for: browser)
        let restored = service.loadSession(for: browser)
        #expect(restored.count == 1)
        restored.first?.forceRealized()
        #expect(restored.first?.zoomLevel == 1)
        #expect(restored.first?.lastCommittedURL == URL(string: "https://old.test/"))
    }

    @Test func aTabWithoutAZoomOfItsOwnComesBackAtTheDefaultAndOneAt100PercentStaysThere() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w", for: browser)
        let tabs = env.insertTabs(browser, urls: ["https://a.test/", "https://b.test/"])
        tabs[0].context.defaultPageZoom.factor = 1.5
        tabs[1].zoomLevel = 1
        service.disconnect(browser)
        service.waitForPendingIO()
        #expect(env.readTabData("w", tabs[0].id)?.zoomLevel == 0, "follows the default")
        #expect(env.readTabData("w", tabs[1].id)?.zoomLevel == 1, "100% on purpose")

        let restarted = env.restart()
        let restoredBrowser = env.makeBrowser()
        restarted.setSessionID("w", for: restoredBrowser)
        let restored = restarted.loadSession(for: restoredBrowser)
        restored[0].context.defaultPageZoom.factor = 1.25
        for tab in restored { tab.forceRealized() }
        #expect(restored.map(\.zoomLevel) == [1.25, 1])
        #expect(restored.map(\.followsDefaultZoomLevel) == [true, false])
    }

    @Test func aClosedTabKeepsItsZoomInRecentlyClosedAcrossARestart() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let file = URL(fileURLWithPath: env.sessionPath("RecentlyClosed.pb"))
        do {
            let tabRestore = TabRestoreService(fileURL: file)
            let browser = env.makeBrowser()
            tabRestore.observe(browser, sessionID: "w")
            let tab = env.insertTabs(browser, urls: ["https://a.test/"])[0]
            tab.zoomLevel = 2
            browser.webStateList.close(at: 0, flags: .userAction)
            tabRestore.flush()
        }
        let service = env.restart()
        let reloaded = TabRestoreService(fileURL: file)
        let browser = env.makeBrowser()
        service.setSessionID("w", for: browser)
        guard let entry = reloaded.entries.first else {
            Issue.record("the closed tab was not kept")
            return
        }
        let reopened = reloaded.restoreTab(
            entry.id, browsers: [browser], sessionID: { _ in "w" }, fallback: browser,
            makeWebState: { service.createUnrealizedWebState(for: $0, storage: $1) })
        reopened?.forceRealized()
        #expect(reopened?.zoomLevel == 2)
    }
}

/// Records the zoom a tab has when its first navigation starts, and the zoom changes.
@MainActor
private final class ZoomAtLoadObserver: WebStateObserver {
    var zoomAtFirstNavigation: Double?
    var zoomChanges = 0

    func didStartNavigation(_ webState: WebState, context: NavigationContext) {
        if zoomAtFirstNavigation == nil { zoomAtFirstNavigation = webState.zoomLevel }
    }

    func didChangeZoomLevel(_ webState: WebState) { zoomChanges += 1 }
}
