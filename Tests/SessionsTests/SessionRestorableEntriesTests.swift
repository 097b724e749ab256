import Foundation
import Testing
import Web
import WebTestSupport

@testable import Sessions

/// A session file can hold `javascript:` (and other URLs a page could not reach by itself)
/// in a tab's history: a restore drops them, reports it once, and never loads one, whether
/// they come from the tab's data.pb, the list, the engine's blob or the recently closed file.
@MainActor
struct SessionRestorableEntriesTests {
    let env = SessionTestEnvironment()

    /// Restores window w0 and realizes its one tab.
    func restoreTheTab() -> (SessionRestorationService, WebState) {
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        service.loadSession(for: browser)
        let tab = browser.webStateList.webState(at: 0)
        tab.forceRealized()
        return (service, tab)
    }

    func urls(_ tab: WebState) -> [String] { tab.navigationManager.items.map(\.url.absoluteString) }

    @Test func entriesOfTheTabsOwnFileAreDroppedAndReportedOnce() {
        defer { env.tearDown() }
        let history = [
            "https://a.test/", "javascript:document.title='ran'", "data:text/html,x", "https://b.test/",
        ]
        env.writeList(listStorage([listItem(5, url: "https://b.test/", itemCount: 4)], active: 0), "w0")
        var storage = StorageWebStateStorage()
        storage.navigation = StorageNavigationStorage(
            NavigationHistory(
                items: history.map { NavigationItem(url: URL(string: $0)!) }, lastCommittedItemIndex: 1))
        env.write(
            try! storage.serializedData(),
            to: env.sessionPath("w0") + "/00000005/" + SessionFormat.dataFileName)
        let (service, tab) = restoreTheTab()
        #expect(urls(tab) == ["https://a.test/", "https://b.test/"])
        #expect(tab.lastCommittedURL?.absoluteString == "https://a.test/", "the entry before the dropped one")
        #expect(tab.title != "ran")
        let reports = service.problems.filter { if case .unrestorableEntries = $0 { true } else { false } }
        #expect(reports == [.unrestorableEntries(tab: 5, schemes: ["javascript", "data"])])
    }

    @Test func theListsPageIsNeverLoadedWhenItIsUnrestorable() {
        defer { env.tearDown() }
        env.writeList(listStorage([listItem(5, url: "javascript:document.title='ran'")], active: 0), "w0")
        let (service, tab) = restoreTheTab()
        #expect(tab.navigationManager.items.isEmpty, "\(urls(tab))")
        #expect(tab.visibleURL?.scheme != "javascript")
        #expect(
            service.problems.contains(.inSession("w0", .unrestorableEntries(tab: 5, schemes: ["javascript"])))
        )
    }

    @Test func anEnginesBlobWithUnrestorableEntriesIsNotUsed() {
        defer { env.tearDown() }
        env.writeList(listStorage([listItem(5, url: "https://a.test/")], active: 0), "w0")
        // The fake engine's blob (its history, as JSON after a marker), which data.pb names as
        // its own by its digest.
        let forged = NavigationHistory(
            items: [NavigationItem(url: URL(string: "javascript:document.title='ran'")!)],
            lastCommittedItemIndex: 0)
        let blob = Data("FAKE-SESSION-1\n".utf8) + (try! JSONEncoder().encode(forged))
        var storage = StorageWebStateStorage()
        storage.navigation = StorageNavigationStorage(
            NavigationHistory(
                items: [NavigationItem(url: URL(string: "https://a.test/")!)], lastCommittedItemIndex: 0))
        storage.nativeStateDigest = StateDigest.of(blob)
        let tab = env.sessionPath("w0") + "/00000005/"
        env.write(try! storage.serializedData(), to: tab + SessionFormat.dataFileName)
        env.write(blob, to: tab + SessionFormat.stateFileName)
        let (service, restored) = restoreTheTab()
        #expect(urls(restored) == ["https://a.test/"])
        #expect(restored.title != "ran")
        #expect(!service.problems.contains(.stateMismatch(tab: 5)), "the blob is the tab's own")
    }

    @Test func recentlyClosedEntriesAreDroppedAndReported() throws {
        defer { env.tearDown() }
        let file = env.root.deletingLastPathComponent().appendingPathComponent(
            SessionFormat.recentlyClosedFileName)
        var stored = StorageRecentlyClosedStorage()
        var entry = StorageRecentlyClosedEntryStorage()
        var closed = StorageClosedTabStorage()
        closed.entryID = 1
        closed.storage.navigation = StorageNavigationStorage(
            NavigationHistory(
                items: ["https://a.test/", "javascript:1"].map { NavigationItem(url: URL(string: $0)!) },
                lastCommittedItemIndex: 1))
        entry.tab = closed
        stored.entries = [entry]
        stored.formatVersion = SessionFormat.currentVersion
        env.write(try stored.serializedData(), to: file.path)
        let service = TabRestoreService(fileURL: file)
        guard case .tab(let tab)? = service.entries.first else {
            Issue.record("the entry is gone")
            return
        }
        #expect(tab.storage.navigation.items.map(\.url.absoluteString) == ["https://a.test/"])
        #expect(service.loadProblem == .unrestorableEntries(tab: nil, schemes: ["javascript"]))
    }
}
