import Base
import Foundation
import TabModel
import TestSupport
import Testing
import Web
import WebTestSupport

@testable import Sessions

/// ``SessionRestorationService/discard(_:in:)``: a discarded tab's state is written first
/// and read back from the service when the tab is realized again.
@MainActor
@Suite struct SessionDiscardTests {
    @Test func aDiscardedTabIsWrittenAndComesBackWithItsHistory() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        let tab = env.makeRealizedTab(["https://a.test/1", "https://a.test/2", "https://a.test/3"])
        tab.navigationManager.goBack()
        browser.webStateList.insert(tab, .automatic)
        env.insertTabs(browser, urls: ["https://b.test/"])
        env.waitForSave(service)
        let before = env.snapshot()

        service.discard([tab], in: browser)
        #expect(!tab.isRealized && tab.isDiscarded)
        #expect(env.engine.liveContents == 1)
        service.waitForPendingIO()
        // Rewritten although nothing changed: the blob (scroll position) may be newer.
        #expect(env.modifiedFiles(since: before).contains(env.tabFiles("w0", tab.id).sorted()[0]))
        #expect(env.readTabData("w0", tab.id)?.navigation.items.count == 3)

        tab.forceRealized()
        #expect(
            tab.navigationManager.items.map(\.url.absoluteString) == [
                "https://a.test/1", "https://a.test/2", "https://a.test/3",
            ])
        #expect(tab.lastCommittedURL == URL(string: "https://a.test/2"))
        #expect(service.problems.isEmpty)
        service.disconnect(browser)
    }

    @Test func aTabRealizedAgainWhileItsWriteIsHeldIsServedFromMemory() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        let tab = env.makeRealizedTab(["https://a.test/1", "https://a.test/2"])
        browser.webStateList.insert(tab, .automatic)
        env.insertTabs(browser, urls: ["https://b.test/"])
        env.waitForSave(service)
        tab.load(URL(string: "https://a.test/3")!)  // Unsaved when the tab is discarded.

        let heldPath = SessionLayout.dataFile(inTab: env.tabPath("w0", tab.id))
        env.fileSystem.holdWrites(toPath: heldPath)
        service.discard([tab], in: browser)
        env.fileSystem.waitUntilAWriteIsHeld(atPath: heldPath)
        tab.forceRealized()
        #expect(tab.navigationManager.itemCount == 3)
        #expect(tab.lastCommittedURL == URL(string: "https://a.test/3"))

        env.fileSystem.releaseWrites(toPath: heldPath)
        service.waitForPendingIO()
        #expect(env.readTabData("w0", tab.id)?.navigation.items.count == 3)
        service.disconnect(browser)
    }

    @Test func tabsDiscardedTogetherAreWrittenInOneSave() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        let tabs = env.insertTabs(browser, urls: ["https://a.test/", "https://b.test/", "https://c.test/"])
        env.waitForSave(service)
        let saves = service.saveCount

        service.discard(Array(tabs.prefix(2)), in: browser)

        #expect(service.saveCount == saves + 1)
        #expect(tabs.map(\.isDiscarded) == [true, true, false])
        service.waitForPendingIO()
        for tab in tabs.prefix(2) {
            tab.forceRealized()
            #expect(tab.navigationManager.itemCount == 1)
        }
        service.disconnect(browser)
    }

    @Test func aDiscardedTabSurvivesARelaunchUnrealized() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        let tab = env.makeRealizedTab(["https://a.test/1", "https://a.test/2"])
        browser.webStateList.insert(tab, .automatic)
        env.insertTabs(browser, urls: ["https://b.test/"])
        service.discard([tab], in: browser)
        service.disconnect(browser)
        service.waitForPendingIO()

        let relaunched = env.restart()
        let browser2 = env.makeBrowser()
        relaunched.setSessionID("w0", for: browser2)
        let restored = relaunched.loadSession(for: browser2)
        #expect(restored.map(\.id) == [tab.id, browser.webStateList.webState(at: 1).id])
        restored[0].forceRealized()
        #expect(restored[0].navigationManager.itemCount == 2)
        #expect(relaunched.problems.isEmpty)
        relaunched.disconnect(browser2)
    }

    @Test func discardingATabOfAnUntrackedBrowserFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let env = SessionTestEnvironment()
                let service = env.makeService()
                let browser = env.makeBrowser()
                let tab = env.makeRealizedTab(["https://a.test/"])
                browser.webStateList.insert(tab, .automatic)
                service.discard([tab], in: browser)
            }
        }.expectPreconditionMessage(
            "SessionRestorationService: discard(_:in:) for a browser it does not track")
    }
}
