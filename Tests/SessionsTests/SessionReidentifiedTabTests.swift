import Base
import Foundation
import Testing
import Web

@testable import Sessions

/// A restore that gives a stored tab a fresh identifier (an invalid one, or one already open
/// in another window, as a crash during a tab move leaves) moves the tab's files under the
/// new name and saves a list naming them at once: the tab keeps its whole history when its
/// window is restored again, and when its window is closed unchanged, whatever format the
/// list had.
@MainActor
struct SessionReidentifiedTabTests {
    let env = SessionTestEnvironment()
    let urls = ["https://a.test/1", "https://a.test/2", "https://a.test/3"]

    /// The cases: how the stored tab gets a fresh identifier, and the list's format version.
    nonisolated static let cases: [(String, Int32)] = [
        ("zero", SessionFormat.currentVersion), ("negative", SessionFormat.currentVersion),
        ("open in another window", SessionFormat.currentVersion), ("zero", 0), ("negative", 0),
        ("open in another window", 0),
    ]

    /// Writes window w1 with one tab stored under an identifier that the restore changes;
    /// returns a service with w1 loaded (and w0 too, for the "open elsewhere" case).
    func restoreWindowWithAReidentifiedTab(_ kind: String, version: Int32) -> SessionRestorationService {
        let rawID: Int32 = kind == "zero" ? 0 : kind == "negative" ? -5 : 7
        if kind == "open in another window" {
            env.writeList(listStorage([listItem(7, url: "https://other.test/")], active: 0), "w0")
            env.writeTabData("w0", rawID: 7, urls: ["https://other.test/"])
        }
        var list = listStorage([listItem(rawID, url: urls.last!, itemCount: 3)], active: 0)
        list.formatVersion = version
        env.writeList(list, "w1")
        env.writeTabData("w1", rawID: rawID, urls: urls)
        let service = env.makeService()
        if kind == "open in another window" {
            let other = env.makeBrowser()
            service.setSessionID("w0", for: other)
            service.loadSession(for: other)
        }
        let browser = env.makeBrowser()
        service.setSessionID("w1", for: browser)
        service.loadSession(for: browser)
        return service
    }

    /// The history of the one tab of w1, restored by a new service.
    func historyAfterARestart() -> [String] {
        let service = env.restart()
        let browser = env.makeBrowser()
        service.setSessionID("w1", for: browser)
        service.loadSession(for: browser)
        let tab = browser.webStateList.webState(at: 0)
        tab.forceRealized()
        return tab.navigationManager.items.map(\.url.absoluteString)
    }

    @Test(arguments: cases)
    func theTabKeepsItsHistoryWhenItsWindowIsRestoredAgain(_ kind: String, _ version: Int32) {
        defer { env.tearDown() }
        _ = restoreWindowWithAReidentifiedTab(kind, version: version)
        #expect(historyAfterARestart() == urls, "\(kind), format \(version)")
        #expect(historyAfterARestart() == urls, "\(kind), format \(version), a second time")
    }

    @Test(arguments: cases)
    func theListOnDiskNamesTheMovedFilesAtOnce(_ kind: String, _ version: Int32) throws {
        defer { env.tearDown() }
        let service = restoreWindowWithAReidentifiedTab(kind, version: version)
        service.waitForPendingIO()
        let list = try #require(env.readList("w1"))
        let name = WebStateListSerialization.storageName(rawValue: try #require(list.items.first).identifier)
        #expect(env.exists(env.sessionPath("w1") + "/" + name + "/" + SessionFormat.dataFileName), "\(kind)")
        #expect(list.formatVersion == SessionFormat.currentVersion, "\(kind): the list is ours now")
    }

    @Test(arguments: cases)
    func closingTheWindowUnchangedKeepsTheTabsHistoryInRecentlyClosed(_ kind: String, _ version: Int32) {
        defer { env.tearDown() }
        let service = restoreWindowWithAReidentifiedTab(kind, version: version)
        service.waitForPendingIO()
        let tabRestore = TabRestoreService(fileURL: nil)
        // As the next launch does with a window the user closed.
        let restarted = env.restart()
        restarted.purgeDiscardedSessions(keeping: ["w0"], into: tabRestore)
        guard case .window(let window)? = tabRestore.entries.first else {
            Issue.record("\(kind): the window is not in recently closed")
            return
        }
        #expect(
            window.tabs.first?.storage.navigation.items.map(\.url.absoluteString) == urls,
            "\(kind), format \(version)")
    }
}
