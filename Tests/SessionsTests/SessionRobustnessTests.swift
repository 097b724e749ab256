import Base
import Foundation
import ModelTestSupport
import TabModel
import Testing
import Web
import WebTestSupport

@testable import Sessions

#if canImport(Glibc)
import Glibc
#endif

private let histories = [
    ["https://a.test/1", "https://a.test/2"], ["https://b.test/"],
    ["https://c.test/1", "https://c.test/2", "https://c.test/3"],
]

/// Damaged files, newer formats, failing disks and oversized state: whatever is on disk,
/// loading brings back what can be read, sets the rest aside, reports it and never
/// crashes; saving never writes over the last good state.
@MainActor
struct SessionRobustnessTests {
    /// Bytes that are not a protobuf message (field 1 with the invalid wire type 7).
    let garbage = Data([0x0f, 0xff, 0xff, 0x00]) + Data("not a session".utf8)

    /// Loads session `sessionID` in a new browser of `service`.
    func load(
        _ service: SessionRestorationService, _ env: SessionTestEnvironment, _ sessionID: String = "w0"
    )
        -> Browser
    {
        let browser = env.makeBrowser()
        service.setSessionID(sessionID, for: browser)
        service.loadSession(for: browser)
        return browser
    }

    func expectFullHistories(
        _ list: WebStateList, _ ids: [WebStateID], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (id, urls) in zip(ids, histories) {
            guard let tab = list.webStates.first(where: { $0.id == id }) else {
                Issue.record("tab \(id) was lost", sourceLocation: sourceLocation)
                continue
            }
            tab.forceRealized()
            #expect(
                tab.navigationManager.items.map(\.url.absoluteString) == urls, sourceLocation: sourceLocation)
        }
    }

    /// Chromium restores an empty session when the list does not parse. Its tabs' files are
    /// still there and each names its pages, so they come back (in identifier order, the first
    /// one active) and the list is kept aside: a user must never lose tabs to one bad file,
    /// and nothing is written over what could not be read.
    @Test func anUnreadableListIsSetAsideAndTheTabsRecoveredFromTheirFiles() throws {
        #expect(throws: (any Error).self) { try StorageWebStateListStorage(serializedBytes: garbage) }
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let ids = env.makeSavedSession("w0", histories: histories)
        env.write(garbage, to: env.metadataPath("w0"))

        let service = env.restart()
        let browser = load(service, env)
        let list = browser.webStateList
        #expect(Set(list.webStates.map(\.id)) == Set(ids))
        #expect(list.activeIndex != nil)
        #expect(env.read(env.metadataPath("w0") + ".bad") == garbage)
        #expect(service.problems.contains { "\($0)".contains("unreadable") && "\($0)".contains(".bad") })
        #expect(
            list.webStates.map(\.lastCommittedURL)
                == ids.sorted().map { id in
                    URL(string: histories[ids.firstIndex(of: id)!].last!)
                })
        #expect(WebStateID.generator.lastIssued >= ids.map(\.rawValue).max()!)
        expectFullHistories(list, ids)

        // The next save writes a good list and keeps the bad one.
        service.saveSessions()
        service.disconnect(browser)
        service.waitForPendingIO()
        #expect(env.readList("w0")?.items.count == 3)
        #expect(env.read(env.metadataPath("w0") + ".bad") == garbage)
    }

    @Test func anEmptyListIsSetAsideAndTheTabsRecovered() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let ids = env.makeSavedSession("w0", histories: histories)
        env.write(Data(), to: env.metadataPath("w0"))
        let service = env.restart()
        let browser = load(service, env)
        #expect(Set(browser.webStateList.webStates.map(\.id)) == Set(ids))
        #expect(env.read(env.metadataPath("w0") + ".bad") == Data())
        #expect(!service.problems.isEmpty)
        expectFullHistories(browser.webStateList, ids)
        service.disconnect(browser)
    }

    @Test func aTruncatedListNeverLosesATab() throws {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service0 = env.makeService()
        let browser0 = env.makeBrowser()
        service0.setSessionID("w0", for: browser0)
        for urls in histories {
            browser0.webStateList.insert(env.makeRealizedTab(urls), .automatic.activating())
        }
        browser0.webStateList.setPinned(at: 0, true)
        browser0.webStateList.createGroup(indices: [1, 2], visualData: TabGroupVisualData(title: "group"))
        let ids = browser0.webStateList.webStates.map(\.id)
        service0.disconnect(browser0)
        service0.waitForPendingIO()
        let full = try #require(env.read(env.metadataPath("w0")))
        let tabFiles = env.snapshot().keys.filter { !$0.hasSuffix(SessionFormat.metadataFileName) }

        // Every prefix that still parses (the cut fell between two fields: nothing tells the
        // damage but what is missing), and a sample of the others.
        let lengths = (0..<full.count).filter { length in
            length % 9 == 0 || length >= full.count - 4
                || (try? StorageWebStateListStorage(serializedBytes: full.prefix(length))) != nil
        }
        #expect(lengths.count < full.count / 2)
        _ = env.restart()
        for length in lengths {
            // A service of its own, as if each copy were loaded by a new process (one
            // process would rightly give the copies' tabs fresh identifiers).
            let service = env.makeService()
            let sessionID = "cut\(length)"
            for file in tabFiles {
                env.write(
                    env.read(env.root.path + "/" + file)!,
                    to: env.sessionPath(sessionID) + "/" + file.dropFirst(3))
            }
            let truncated = full.prefix(length)
            env.write(truncated, to: env.metadataPath(sessionID))
            let browser = load(service, env, sessionID)
            let restored = browser.webStateList.webStates.map(\.id)
            if !truncated.isEmpty, let parsed = try? StorageWebStateListStorage(serializedBytes: truncated) {
                // A list that parses without our format version reads as Chromium's complete
                // list: the tabs it names come back, the others' files are kept aside.
                let named = parsed.items.map(\.identifier)
                #expect(restored.map(\.rawValue) == named, "truncated to \(length) of \(full.count) bytes")
                for id in ids where !named.contains(id.rawValue) {
                    #expect(
                        env.read(
                            env.sessionPath(sessionID) + "/" + id.storageName + SessionFormat.unlistedSuffix
                                + "/"
                                + SessionFormat.dataFileName) != nil,
                        "truncated to \(length) of \(full.count) bytes: tab \(id) is kept aside")
                }
                #expect(!service.problems.isEmpty, "truncated to \(length) of \(full.count) bytes")
                service.disconnect(browser)
                continue
            }
            #expect(Set(restored) == Set(ids), "truncated to \(length) of \(full.count) bytes")
            #expect(restored.count == ids.count, "truncated to \(length) of \(full.count) bytes")
            #expect(
                env.read(env.metadataPath(sessionID) + ".bad") == truncated,
                "truncated to \(length) of \(full.count) bytes: the damaged list is kept aside")
            #expect(!service.problems.isEmpty, "truncated to \(length) of \(full.count) bytes")
            service.disconnect(browser)
        }
    }

    @Test func anUnreadableTabFileIsKeptAsideWhenTheListIsUnreadableToo() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let ids = env.makeSavedSession("w0", histories: histories)
        env.write(garbage, to: env.metadataPath("w0"))
        env.write(garbage, to: env.tabPath("w0", ids[0]) + "/" + SessionFormat.dataFileName)
        let state = env.read(env.tabPath("w0", ids[0]) + "/" + SessionFormat.stateFileName)
        #expect(state != nil)

        let service = env.restart()
        let browser = load(service, env)
        // Nothing tells what the first tab showed: it cannot come back, but its files are
        // set aside rather than deleted.
        #expect(browser.webStateList.webStates.map(\.id) == Array(ids.dropFirst()))
        let aside = env.tabPath("w0", ids[0]) + ".bad/"
        #expect(env.read(aside + SessionFormat.dataFileName) == garbage)
        #expect(env.read(aside + SessionFormat.stateFileName) == state)
        #expect(service.problems.contains { $0.description.contains(ids[0].storageName) })
        service.disconnect(browser)

        // Later loads leave it there.
        let service2 = env.restart()
        let browser2 = load(service2, env)
        #expect(env.read(aside + SessionFormat.dataFileName) == garbage)
        service2.disconnect(browser2)
    }

    @Test func anEmptyTabFileIsTreatedAsUnreadable() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let ids = env.makeSavedSession("w0", histories: histories)
        let dataPath = env.tabPath("w0", ids[0]) + "/" + SessionFormat.dataFileName
        env.write(Data(), to: dataPath)  // parses, as a tab with no history at all
        try? FileManager.default.removeItem(
            atPath: env.tabPath("w0", ids[0]) + "/" + SessionFormat.stateFileName)

        let service = env.restart()
        let browser = load(service, env)
        let tab = browser.webStateList.webState(at: 0)
        tab.forceRealized()
        #expect(tab.navigationManager.items.map(\.url.absoluteString) == ["https://a.test/2"])
        service.waitForPendingIO()  // the damaged file is set aside on the IO queue
        #expect(env.read(dataPath + ".bad") == Data())
        #expect(service.problems.contains { $0.description.contains(dataPath) })
        service.disconnect(browser)
    }

    @Test func aTabSavedBeforeItsFirstPageCommittedComesBackWithThePageItWasLoading() throws {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        env.writeList(listStorage([listItem(161, url: "https://loading.test/")], active: 0), "w0")
        var storage = StorageWebStateStorage()
        storage.userAgent = .automatic
        storage.navigation.lastCommittedItemIndex = -1
        env.write(
            try storage.serializedData(),
            to: env.sessionPath("w0") + "/" + WebStateListSerialization.storageName(rawValue: 161) + "/"
                + SessionFormat.dataFileName)
        let service = env.restart()
        let browser = load(service, env)
        let tab = browser.webStateList.webState(at: 0)
        tab.forceRealized()
        #expect(tab.lastCommittedURL == URL(string: "https://loading.test/"))
        #expect(service.problems.isEmpty)
        service.disconnect(browser)
    }

    @Test func tabsWrittenBeforeAnyListAreRecovered() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let ids = env.makeSavedSession("w0", histories: histories)
        try? FileManager.default.removeItem(atPath: env.metadataPath("w0"))
        let service = env.restart()
        let browser = load(service, env)
        #expect(Set(browser.webStateList.webStates.map(\.id)) == Set(ids))
        #expect(service.problems.contains { $0.description.contains("recovered") })
        expectFullHistories(browser.webStateList, ids)
        service.disconnect(browser)
    }

    @Test func anUnreadableTabFileIsSetAsideAndTheTabComesBackFromTheList() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let ids = env.makeSavedSession("w0", histories: histories)
        let dataPath = env.tabPath("w0", ids[0]) + "/" + SessionFormat.dataFileName
        env.write(garbage, to: dataPath)
        try? FileManager.default.removeItem(
            atPath: env.tabPath("w0", ids[0]) + "/" + SessionFormat.stateFileName)

        let service = env.restart()
        let browser = load(service, env)
        let list = browser.webStateList
        #expect(list.webStates.map(\.id) == ids)
        let tab = list.webState(at: 0)
        #expect(tab.lastCommittedURL == URL(string: "https://a.test/2"))
        tab.forceRealized()
        #expect(tab.navigationManager.items.map(\.url.absoluteString) == ["https://a.test/2"])
        service.waitForPendingIO()  // the damaged file is set aside on the IO queue
        #expect(env.read(dataPath + ".bad") == garbage)
        #expect(service.problems.contains { $0.description.contains("unreadable") })

        // The realized tab is written again with the next save.
        env.waitForSave(service)
        #expect(env.readTabData("w0", ids[0])?.navigation.items.map(\.url) == ["https://a.test/2"])
        let other = list.webState(at: 2)
        other.forceRealized()
        #expect(other.navigationManager.itemCount == 3)  // the other tabs are untouched
        service.disconnect(browser)
    }

    @Test func unknownFieldsAreIgnored() throws {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let ids = env.makeSavedSession("w0", histories: histories)
        // Field 50, varint 7, and field 51, a length-delimited "hi": neither is known.
        let unknown = Data([0x90, 0x03, 0x07, 0x9a, 0x03, 0x02, 0x68, 0x69])
        env.write(try #require(env.read(env.metadataPath("w0"))) + unknown, to: env.metadataPath("w0"))
        let dataPath = env.tabPath("w0", ids[2]) + "/" + SessionFormat.dataFileName
        env.write(try #require(env.read(dataPath)) + unknown, to: dataPath)

        let service = env.restart()
        let browser = load(service, env)
        #expect(browser.webStateList.webStates.map(\.id) == ids)
        #expect(browser.webStateList.activeIndex == 2)
        #expect(service.problems.isEmpty)
        expectFullHistories(browser.webStateList, ids)
        service.disconnect(browser)
    }

    @Test func aListFromANewerVersionLoadsAndIsBackedUp() throws {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let ids = env.makeSavedSession("w0", histories: histories)
        var storage = try #require(env.readList("w0"))
        storage.formatVersion = SessionFormat.currentVersion + 1
        let newer = try storage.serializedData() + Data([0x90, 0x03, 0x07])
        env.write(newer, to: env.metadataPath("w0"))

        let service = env.restart()
        let browser = load(service, env)
        #expect(browser.webStateList.webStates.map(\.id) == ids)
        let backup = env.metadataPath("w0") + ".v\(SessionFormat.currentVersion + 1)"
        #expect(env.read(backup) == newer)
        #expect(service.problems.contains { $0.description.contains("newer") })
        expectFullHistories(browser.webStateList, ids)

        // Saving rewrites the list in this version's format; the backup stays.
        browser.webStateList.activate(at: 0)
        env.waitForSave(service)
        #expect(env.readList("w0")?.formatVersion == SessionFormat.currentVersion)
        #expect(env.read(backup) == newer)
        service.disconnect(browser)
    }

    @Test func aFailedSaveKeepsThePreviousListIsReportedAndIsRetried() throws {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        let tabs = env.insertTabs(browser, urls: ["https://a.test/", "https://b.test/", "https://c.test/"])
        env.waitForSave(service)
        let good = try #require(env.read(env.metadataPath("w0")))

        let metadataPath = service.sessionDirectory("w0").appendingPathComponent(
            SessionFormat.metadataFileName
        ).path
        env.fileSystem.injectFault(forPath: metadataPath, at: .write, code: ENOSPC)
        browser.webStateList.close(at: 0)
        browser.webStateList.insert(env.makeRealizedTab(["https://d.test/"]), .automatic.activating())
        env.waitForSave(service)

        #expect(env.read(env.metadataPath("w0")) == good)
        // The list still names the closed tab: its files must stay.
        #expect(env.exists(env.tabPath("w0", tabs[0].id) + "/" + SessionFormat.dataFileName))
        #expect(service.problems.contains { $0.description.contains(metadataPath) })
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: env.sessionPath("w0"))) ?? []
        #expect(!leftovers.contains { $0.contains(".tmp-") })

        // Once the disk recovers, the next attempt writes the changes.
        env.fileSystem.clearFault(forPath: metadataPath)
        #expect(env.clock.pendingCount == 1, "a failed save is tried again")
        #expect(service.delayedSaveDelay == env.saveDelay * 2, "after a longer delay")
        env.clock.advance(by: env.saveDelay)
        service.waitForPendingIO()
        #expect(env.read(env.metadataPath("w0")) == good, "not yet")
        env.clock.advance(by: env.saveDelay)
        service.waitForPendingIO()
        #expect(service.delayedSaveDelay == env.saveDelay, "a save that writes everything resets the delay")
        #expect(
            env.readList("w0")?.items.map(\.metadata.activePage.pageURL) == [
                "https://b.test/", "https://c.test/", "https://d.test/",
            ])
        #expect(!env.exists(env.tabPath("w0", tabs[0].id)))
        service.disconnect(browser)
    }

    @Test func retriesBackOffWhileSavesKeepFailing() throws {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        let metadataPath = service.sessionDirectory("w0").appendingPathComponent(
            SessionFormat.metadataFileName
        ).path
        env.fileSystem.injectFault(forPath: metadataPath, at: .write, code: ENOSPC)
        env.insertTabs(browser, urls: ["https://a.test/"])
        var delays: [Duration] = []
        var attempts = 0
        for _ in 0..<8 {
            // Run the pending retry: advance until it fires.
            let delay = service.delayedSaveDelay
            delays.append(delay)
            env.clock.advance(by: delay)
            service.waitForPendingIO()
            attempts += 1
            #expect(env.clock.pendingCount == 1, "attempt \(attempts): tried again later")
        }
        #expect(
            delays
                == [1, 2, 4, 8, 16, 32, 60, 60].map { env.saveDelay * $0 }.map {
                    min($0, SessionRestorationService.maximumRetryDelay)
                })
        #expect(env.read(metadataPath) == nil, "nothing was written meanwhile")

        env.fileSystem.clearFault(forPath: metadataPath)
        env.clock.advance(by: service.delayedSaveDelay)
        service.waitForPendingIO()
        #expect(env.readList("w0")?.items.count == 1)
        #expect(service.delayedSaveDelay == env.saveDelay)
        #expect(env.clock.pendingCount == 0)
        service.disconnect(browser)
    }

    @Test func aFailedTabWriteIsRetried() throws {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        let tab = env.makeRealizedTab(["https://a.test/"])
        let dataPath = service.sessionDirectory("w0").appendingPathComponent(tab.id.storageName)
            .appendingPathComponent(SessionFormat.dataFileName).path
        env.fileSystem.injectFault(forPath: dataPath, at: .rename, code: EIO)
        browser.webStateList.insert(tab, .automatic.activating())
        env.waitForSave(service)
        #expect(!env.exists(dataPath))
        #expect(service.problems.contains { $0.description.contains(dataPath) })

        env.fileSystem.clearFault(forPath: dataPath)
        env.waitForSave(service)
        #expect(env.readTabData("w0", tab.id)?.navigation.items.map(\.url) == ["https://a.test/"])
        service.disconnect(browser)
    }

    @Test func oversizedEngineStateIsNotWrittenAndAnOlderOneIsDeleted() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        let tab = env.makeRealizedTab(["https://small.test/"])
        browser.webStateList.insert(tab, .automatic.activating())
        env.waitForSave(service)
        let statePath = env.tabPath("w0", tab.id) + "/" + SessionFormat.stateFileName
        #expect(env.exists(statePath))

        // The fake engine's state is its history as JSON: long URLs make it big.
        let long = String(repeating: "x", count: 100_000)
        for index in 0..<30 { tab.load(URL(string: "https://big.test/\(index)/\(long)")!) }
        #expect((tab.sessionStateData?.count ?? 0) > SessionFormat.maximumStateSize)
        env.waitForSave(service)
        #expect(!env.exists(statePath))
        #expect(env.readTabData("w0", tab.id)?.navigation.items.count == 31)
        service.disconnect(browser)

        let service2 = env.restart()
        let browser2 = load(service2, env)
        let restored = browser2.webStateList.webState(at: 0)
        restored.forceRealized()
        #expect(restored.navigationManager.itemCount == 31)
        #expect(restored.lastCommittedURL?.absoluteString.hasPrefix("https://big.test/29/") == true)
        #expect(service2.problems.isEmpty)
        service2.disconnect(browser2)
    }
}
