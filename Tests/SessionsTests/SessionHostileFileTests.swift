import Base
import Foundation
import ModelTestSupport
import Profiles
import SessionsTestSupport
import TabModel
import TestSupport
import Testing
import Web
import WebTestSupport

@testable import Sessions

/// Loads session `sessionID` in a new browser of `service`.
@MainActor
private func load(
    _ service: SessionRestorationService, _ env: SessionTestEnvironment, _ sessionID: String = "w0"
) -> Browser {
    let browser = env.makeBrowser()
    service.setSessionID(sessionID, for: browser)
    service.loadSession(for: browser)
    return browser
}

/// Session files written by hand or by another browser: extreme identifiers and times,
/// directories where files belong, lists without our format version. Loading and every later
/// save must neither crash nor lose a tab. The cases that used to crash run in a child
/// process (`processExitsWith: .success`), so that a regression fails one test, not the run.
struct SessionHostileFileTests {
    // MARK: Identifiers

    @Test func aTabIdentifierAtTheTopOfTheRangeIsReassigned() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let env = SessionTestEnvironment()
                defer { env.tearDown() }
                env.writeList(
                    listStorage(
                        [listItem(Int32.max, url: "https://a.test/"), listItem(0, url: "https://b.test/")],
                        active: 0), "w0")
                env.writeTabData("w0", rawID: Int32.max, urls: ["https://a.test/0", "https://a.test/"])
                let service = env.makeService()
                let browser = load(service, env)
                let list = browser.webStateList
                precondition(list.count == 2, "both tabs are restored")
                precondition(list.webStates.allSatisfy { $0.id.rawValue != Int32.max }, "reassigned")
                env.insertTabs(browser, urls: ["https://new.test/"])
                env.waitForSave(service)
                list.webState(at: 0).forceRealized()
                precondition(
                    list.webState(at: 0).navigationManager.items.map(\.url.absoluteString) == [
                        "https://a.test/0", "https://a.test/",
                    ], "the tab's files follow its new identifier")
                service.disconnect(browser)
            }
        }
    }

    @Test func aRecoveredTabDirectoryNamedAtTheTopOfTheRangeIsReassigned() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let env = SessionTestEnvironment()
                defer { env.tearDown() }
                env.writeTabData("w0", rawID: Int32.max, urls: ["https://a.test/"])
                let service = env.makeService()
                let browser = load(service, env)
                precondition(browser.webStateList.count == 1, "the tab is recovered, not deleted")
                precondition(browser.webStateList.webState(at: 0).id.rawValue != Int32.max)
                env.insertTabs(browser, urls: ["https://new.test/"])
                env.waitForSave(service)
                service.disconnect(browser)
            }
        }
    }

    // MARK: Times

    @Test func timesAtTheExtremesOfInt64AreClampedAndSavesSucceed() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let env = SessionTestEnvironment()
                defer { env.tearDown() }
                var item = listItem(5, url: "https://a.test/")
                item.metadata.creationTime.microseconds = Int64.max
                item.metadata.lastActiveTime.microseconds = Int64.min
                var storage = listStorage([item], active: 0)
                storage.formatVersion = SessionFormat.currentVersion
                env.writeList(storage, "w0")
                var tab = StorageWebStateStorage()
                tab.navigation = StorageNavigationStorage(history(["https://a.test/"]))
                tab.navigation.items[0].timestamp.microseconds = Int64.max
                env.write(
                    try! tab.serializedData(),
                    to: env.sessionPath("w0") + "/00000005/" + SessionFormat.dataFileName)
                let service = env.makeService()
                let browser = load(service, env)
                let webState = browser.webStateList.webState(at: 0)
                webState.forceRealized()
                webState.load(URL(string: "https://a.test/next")!)
                service.saveSessions()
                service.waitForPendingIO()
                precondition(service.problems.allSatisfy { !$0.description.contains("could not") })
                service.disconnect(browser)
            }
        }
    }

    // MARK: Recently closed

    @Test func aRecentlyClosedEntryIdentifierAtTheTopOfTheRangeIsReassigned() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
                    "swiftlet-trs-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: root) }
                let file = root.appendingPathComponent("RecentlyClosed.pb")
                var stored = StorageRecentlyClosedStorage()
                var entry = StorageRecentlyClosedEntryStorage()
                var tab = StorageClosedTabStorage()
                tab.entryID = Int32.max
                tab.storage.navigation = StorageNavigationStorage(history(["https://a.test/"]))
                entry.tab = tab
                stored.entries = [entry]
                stored.formatVersion = SessionFormat.currentVersion
                try! FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
                try! stored.serializedData().write(to: file)

                let service = TabRestoreService(fileURL: file)
                let engine = FakeWebEngine()
                let browser = Browser(
                    kind: .regular, profile: TestProfile.make(engine: engine), delegate: nil)
                service.observe(browser, sessionID: "w1")
                let webState = WebState(params: .init(context: engine.defaultContext))
                webState.load(URL(string: "https://b.test/")!)
                browser.webStateList.insert(webState)
                browser.webStateList.close(at: 0, flags: .userAction)
                service.flush()
                precondition(service.entries.count == 2)
                precondition(Set(service.entries.map(\.id)).count == 2, "entry ids stay unique")
                let reread = TabRestoreService(fileURL: file)
                precondition(reread.entries.count == 2, "both entries are on disk")
            }
        }
    }

    // MARK: Purging lists without a version

    @Test(arguments: [Int32(0), SessionFormat.currentVersion + 1])
    func purgingADiscardedWindowWithAnUnusualFormatVersionWorks(_ version: Int32) async {
        await #expect(processExitsWith: .success, "version \(version)") { [version] in
            await MainActor.run {
                let env = SessionTestEnvironment()
                defer { env.tearDown() }
                var storage = listStorage([listItem(7, url: "https://gone.test/")], active: 0)
                storage.formatVersion = version
                env.writeList(storage, "gone")
                env.writeTabData("gone", rawID: 7, urls: ["https://gone.test/"])
                let service = env.makeService()
                let tabRestore = TabRestoreService(fileURL: nil)
                let purged = service.purgeDiscardedSessions(keeping: [], into: tabRestore)
                precondition(purged == ["gone"])
                precondition(tabRestore.entries.count == 1, "the window is in recently closed")
            }
        }
    }

    @Test func loadingOffTheIOQueueFailsLoudly() async {
        // SessionLoader.load writes (set-aside copies) as plain calls on the IO queue; run
        // anywhere else, it could race the queue, and a sync from inside it would trap.
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SessionLoader(io: SessionIO(), directory: NSTemporaryDirectory() + "/none").load()
        }.expectPreconditionMessage("SessionLoader.load: must run on the IO queue")
    }

    // MARK: A directory where the list belongs

    @MainActor @Test func aDirectoryWhereTheListBelongsIsSetAsideAndSavesSucceed() throws {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let ids = env.makeSavedSession("w0", histories: [["https://a.test/"], ["https://b.test/"]])
        let metadata = env.metadataPath("w0")
        try FileManager.default.removeItem(atPath: metadata)
        try FileManager.default.createDirectory(atPath: metadata, withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: metadata + "/inside", contents: Data("keep".utf8))

        let service = env.restart()
        let browser = load(service, env)
        #expect(browser.webStateList.webStates.map(\.id) == ids, "the tabs are recovered from their files")
        #expect(env.read(metadata + ".bad/inside") == Data("keep".utf8), "set aside, not deleted")
        #expect(
            service.problems.contains { $0.description.contains(SessionFormat.metadataFileName + ".bad") })
        browser.webStateList.activate(at: 1)
        env.waitForSave(service)
        #expect(env.readList("w0")?.items.count == 2, "the next save writes the list")
        service.disconnect(browser)
    }

    @MainActor @Test(arguments: [Data(), Data([0x0f, 0xff, 0xff, 0x00]) + Data("not a tab".utf8)])
    func theInspectorReportsADamagedTabFile(_ content: Data) throws {
        let directory = try SampleUserDataDirectory.make(engine: FakeWebEngine(), clock: ManualTimerClock())
        defer { try? FileManager.default.removeItem(at: directory) }
        let main = directory.appendingPathComponent("Default/SessionStorage/main")
        let before = try SessionInspector(userDataDirectory: directory).inspect()
        let tab = try #require(before.windows.first { $0.sessionID == "main" }?.tabs[1])
        try content.write(
            to: main.appendingPathComponent(tab.directory).appendingPathComponent(SessionFormat.dataFileName))
        let report = try SessionInspector(userDataDirectory: directory).inspect()
        let window = try #require(report.windows.first { $0.sessionID == "main" })
        #expect(!window.tabs[1].hasData)
        #expect(
            window.problems.contains { $0.description.contains("\(SessionFormat.dataFileName) is damaged") })
    }
}
