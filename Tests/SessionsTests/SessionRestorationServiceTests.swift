import Base
import Foundation
import ModelTestSupport
import TabModel
import Testing
import Web
import WebTestSupport

@testable import Sessions

private let urls = ["https://one.test/a", "https://two.test/b", "https://three.test/c"]

/// The service-level items of the session test checklist (Chromium's
/// SessionRestorationServiceImplTest, mapped onto this API).
@MainActor
struct SessionRestorationServiceTests {
    @Test func observersAreToldWhenRestorationStartsAndFinishes() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        env.makeSavedSession("w0", histories: urls.map { [$0] })

        let service = env.restart()
        let observer = RecordingSessionObserver()
        service.addObserver(observer)
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        #expect(observer.started.isEmpty)  // setSessionID does not load

        let restored = service.loadSession(for: browser)
        #expect(observer.started.count == 1)
        #expect(observer.started.first?.browser === browser)
        #expect(observer.started.first?.tabCount == 0)  // told before the tabs come in
        #expect(observer.finished.count == 1)
        #expect(observer.finished.first?.browser === browser)
        let reported = observer.finished.first?.webStates ?? []
        #expect(reported.count == 3)
        #expect(zip(reported, browser.webStateList.webStates).allSatisfy { $0 === $1 })
        #expect(zip(reported, restored).allSatisfy { $0 === $1 })

        // A removed observer hears nothing more.
        service.removeObserver(observer)
        let other = env.makeBrowser()
        service.setSessionID("w1", for: other)
        service.loadSession(for: other)
        #expect(observer.started.count == 1)
        #expect(observer.finished.count == 1)
        service.disconnect(other)
        service.disconnect(browser)
    }

    @Test func setSessionIDAloneWritesNothing() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        #expect(service.sessionID(of: browser) == "w0")
        service.disconnect(browser)
        env.waitForSave(service)
        #expect(env.snapshot().isEmpty)
        #expect(!env.exists(env.sessionPath("w0")))
        #expect(service.sessionID(of: browser) == nil)
    }

    @Test func loadSessionBringsBackTheSameURLsWithTheLastTabActive() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        let tabs = env.insertTabs(browser, urls: urls)
        env.waitForSave(service)
        let expected = tabs.reduce(into: Set([env.metadataFile("w0")])) {
            $0.formUnion(env.tabFiles("w0", $1.id))
        }
        #expect(Set(env.snapshot().keys) == expected)

        // Closing every tab after disconnecting neither rewrites nor deletes anything.
        service.disconnect(browser)
        let before = env.snapshot()
        closeAllWebStates(browser.webStateList)
        env.waitForSave(service)
        #expect(env.modifiedFiles(since: before).isEmpty)
        #expect(env.deletedFiles(since: before).isEmpty)

        let service2 = env.restart()
        let browser2 = env.makeBrowser()
        service2.setSessionID("w0", for: browser2)
        let restored = service2.loadSession(for: browser2)
        let list = browser2.webStateList
        #expect(restored.count == 3)
        #expect(list.count == 3)
        #expect(list.activeIndex == 2)
        #expect(list.webStates.map(\.lastCommittedURL) == urls.map { URL(string: $0) })
        #expect(list.webStates.map(\.id) == tabs.map(\.id))
        #expect(list.webStates.allSatisfy { !$0.isRealized })
        #expect(env.engine.contentsCreated == 0)
        #expect(service2.problems.isEmpty)
        service2.disconnect(browser2)
    }

    @Test func loadingAnEmptySessionRestoresNothing() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        env.writeList(listStorage([], active: -1), "w0")
        let service = env.makeService()
        let observer = RecordingSessionObserver()
        service.addObserver(observer)
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        let restored = service.loadSession(for: browser)
        #expect(restored.isEmpty)
        #expect(browser.webStateList.isEmpty)
        #expect(browser.webStateList.activeIndex == nil)
        #expect(observer.started.count == 1)
        #expect(observer.finished.count == 1)
        #expect(observer.finished.first?.webStates.isEmpty == true)
        #expect(service.problems.isEmpty)
        #expect(env.exists(env.metadataPath("w0")))
        service.disconnect(browser)
    }

    @Test func loadingAMissingSessionRestoresNothingAndCreatesNothing() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let observer = RecordingSessionObserver()
        service.addObserver(observer)
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        #expect(service.loadSession(for: browser).isEmpty)
        #expect(observer.started.count == 1)
        #expect(observer.finished.first?.webStates.isEmpty == true)
        #expect(service.problems.isEmpty)
        service.disconnect(browser)
        service.waitForPendingIO()
        #expect(env.snapshot().isEmpty)
    }

    @Test func onlyTheModifiedBrowserIsSaved() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser0 = env.makeBrowser()
        let browser1 = env.makeBrowser()
        service.setSessionID("w0", for: browser0)
        service.setSessionID("w1", for: browser1)
        let tabs = env.insertTabs(browser1, urls: urls)
        env.waitForSave(service)
        let expected = tabs.reduce(into: Set([env.metadataFile("w1")])) {
            $0.formUnion(env.tabFiles("w1", $1.id))
        }
        #expect(Set(env.snapshot().keys) == expected)
        service.disconnect(browser1)
        service.disconnect(browser0)
        service.waitForPendingIO()
        #expect(Set(env.snapshot().keys) == expected)
    }

    @Test func activatingATabRewritesOnlyTheListAndThatTab() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        env.insertTabs(browser, urls: urls)
        env.waitForSave(service)
        let before = env.snapshot()

        browser.webStateList.activate(at: 0)
        browser.webStateList.activeWebState?.wasShown()
        env.waitForSave(service)
        let active = browser.webStateList.webState(at: 0)
        #expect(
            env.modifiedFiles(since: before) == env.tabFiles("w0", active.id).union([env.metadataFile("w0")]))
        #expect(env.deletedFiles(since: before).isEmpty)
        service.disconnect(browser)
    }

    @Test func anUnrealizedTabMovedToAnotherWindowIsAdoptedByHardLink() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let ids = env.makeSavedSession(
            "w0", histories: [["https://a.test/1", "https://a.test/2"], ["https://b.test/"]])

        let service = env.restart()
        let browser0 = env.makeBrowser()
        let browser1 = env.makeBrowser()
        service.setSessionID("w0", for: browser0)
        service.setSessionID("w1", for: browser1)
        service.loadSession(for: browser0)
        service.loadSession(for: browser1)
        #expect(browser0.webStateList.count == 2)
        #expect(browser1.webStateList.isEmpty)
        let before = env.snapshot()

        // Move the inactive, unrealized tab 0 from w0 to w1.
        let moved = browser0.webStateList.detach(at: 0)
        #expect(!moved.isRealized)
        browser1.webStateList.insert(moved, .automatic.activating())
        #expect(!moved.isRealized)
        env.waitForSave(service)

        #expect(env.deletedFiles(since: before).isEmpty)
        let movedFiles = env.tabFiles("w1", moved.id)
        #expect(
            env.modifiedFiles(since: before)
                == movedFiles.union([env.metadataFile("w0"), env.metadataFile("w1")]))
        for name in [SessionFormat.dataFileName, SessionFormat.stateFileName] {
            let source = env.inode(env.tabPath("w0", moved.id) + "/" + name)
            #expect(source != nil)
            #expect(env.inode(env.tabPath("w1", moved.id) + "/" + name) == source)  // a hard link
        }
        #expect(env.readList("w0")?.items.map(\.identifier) == [ids[1].rawValue])
        #expect(env.readList("w1")?.items.map(\.identifier) == [ids[0].rawValue])
        service.disconnect(browser1)
        service.disconnect(browser0)

        // After a restart the tab is in w1, and realizing it restores its history.
        let service2 = env.restart()
        let again0 = env.makeBrowser()
        let again1 = env.makeBrowser()
        service2.setSessionID("w0", for: again0)
        service2.setSessionID("w1", for: again1)
        service2.loadSession(for: again0)
        service2.loadSession(for: again1)
        #expect(again0.webStateList.webStates.map(\.id) == [ids[1]])
        #expect(again1.webStateList.webStates.map(\.id) == [ids[0]])
        // w0 dropped its copy when it loaded; w1's link still holds the data.
        #expect(!env.exists(env.tabPath("w0", ids[0])))
        let tab = again1.webStateList.webState(at: 0)
        tab.forceRealized()
        #expect(
            tab.navigationManager.items.map(\.url.absoluteString) == ["https://a.test/1", "https://a.test/2"])
        #expect(tab.navigationManager.lastCommittedItemIndex == 1)
        #expect(service2.problems.isEmpty)
        service2.disconnect(again1)
        service2.disconnect(again0)
    }

    @Test func disconnectSavesPendingChangesAtOnce() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        env.insertTabs(browser, urls: urls)
        env.waitForSave(service)
        let before = env.snapshot()

        browser.webStateList.move(from: 2, to: 0)
        service.waitForPendingIO()
        #expect(env.modifiedFiles(since: before).isEmpty)  // the delay has not expired

        service.disconnect(browser)
        service.waitForPendingIO()
        #expect(env.modifiedFiles(since: before) == [env.metadataFile("w0")])
        #expect(env.clock.pendingCount == 0)  // nothing left to save
        #expect(env.readList("w0")?.activeIndex == 0)
    }

    @Test func loadingDeletesFilesTheSessionNoLongerRefersTo() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        let tabs = env.insertTabs(browser, urls: urls)
        env.waitForSave(service)
        let before = env.snapshot()

        // Detaching does not delete: another window may adopt the tab.
        let detached = browser.webStateList.detach(at: 0)
        env.waitForSave(service)
        #expect(env.deletedFiles(since: before).isEmpty)
        #expect(env.modifiedFiles(since: before) == [env.metadataFile("w0")])
        service.disconnect(browser)
        // Leftovers of a crash: a stray tab directory and a temporary file.
        env.write(Data("x".utf8), to: env.sessionPath("w0") + "/0badc0de/data.pb")
        env.write(Data("x".utf8), to: env.sessionPath("w0") + "/.session_metadata.pb.tmp-abcdef")

        let service2 = env.restart()
        let browser2 = env.makeBrowser()
        service2.setSessionID("w0", for: browser2)
        let before2 = env.snapshot()
        service2.loadSession(for: browser2)
        service2.waitForPendingIO()
        #expect(browser2.webStateList.webStates.map(\.id) == tabs.dropFirst().map(\.id))
        #expect(
            env.deletedFiles(since: before2)
                == env.tabFiles("w0", detached.id).union([
                    "w0/0badc0de/data.pb", "w0/.session_metadata.pb.tmp-abcdef",
                ]))
        #expect(env.modifiedFiles(since: before2).isEmpty)
        service2.disconnect(browser2)
    }

    @Test func closingTabsDeletesTheirData() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let ids = env.makeSavedSession("w0", histories: urls.map { [$0] })
        let service = env.restart()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        service.loadSession(for: browser)
        env.waitForSave(service)
        let before = env.snapshot()

        closeAllWebStates(browser.webStateList)
        env.waitForSave(service)
        #expect(
            env.deletedFiles(since: before)
                == ids.reduce(into: Set()) { $0.formUnion(env.tabFiles("w0", $1)) })
        #expect(env.modifiedFiles(since: before) == [env.metadataFile("w0")])
        #expect(env.readList("w0")?.items.isEmpty == true)
        service.disconnect(browser)
    }

    @Test func closingTabsJustMovedToAnotherWindowDeletesTheirData() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let ids = env.makeSavedSession("w0", histories: urls.map { [$0] })
        let service = env.restart()
        let browser0 = env.makeBrowser()
        let browser1 = env.makeBrowser()
        service.setSessionID("w0", for: browser0)
        service.setSessionID("w1", for: browser1)
        service.loadSession(for: browser0)
        env.waitForSave(service)
        let before = env.snapshot()

        // Move every tab to w1 (one batch on each side), then close them all before a save.
        let list0 = browser0.webStateList
        let list1 = browser1.webStateList
        list0.performBatchOperation {
            list1.performBatchOperation {
                let active = list0.activeIndex
                list0.activate(at: nil)
                while !list0.isEmpty {
                    let index = list0.count - 1
                    list1.insert(list0.detach(at: index), .atIndex(0).activating(index == active))
                }
            }
        }
        closeAllWebStates(list1)
        env.waitForSave(service)

        #expect(
            env.deletedFiles(since: before)
                == ids.reduce(into: Set()) { $0.formUnion(env.tabFiles("w0", $1)) })
        #expect(env.modifiedFiles(since: before) == [env.metadataFile("w0"), env.metadataFile("w1")])
        service.disconnect(browser1)
        service.disconnect(browser0)
    }

    @Test func aCreatedUnrealizedTabIsServedFromMemoryThenFromDisk() async {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        let now = Date()
        let storage = WebStateStorage(
            metadata: WebStateMetadata(creationTime: now, lastActiveTime: now),
            userAgent: .desktop, navigation: history(["https://x.test/1", "https://x.test/2"]))
        let webState = service.createUnrealizedWebState(for: browser, storage: storage)
        #expect(!webState.isRealized)
        #expect(webState.lastCommittedURL == URL(string: "https://x.test/2"))
        #expect(webState.title == "2")
        #expect(webState.navigationItemCount == 2)
        browser.webStateList.insert(webState, .automatic.activating())
        service.waitForPendingIO()
        #expect(env.snapshot().isEmpty)  // nothing written before the save
        var fromMemory: WebStateStorage??
        service.loadWebStateStorage(of: webState, in: browser) { fromMemory = .some($0) }
        env.mainTasks.runUntilIdle()
        #expect(fromMemory != nil)
        #expect(fromMemory == .some(storage))
        #expect(env.snapshot().isEmpty)

        env.waitForSave(service)
        #expect(
            Set(env.snapshot().keys)
                == env.tabFiles("w0", webState.id, withState: false).union([env.metadataFile("w0")]))
        let stored = env.readTabData("w0", webState.id)
        #expect(stored?.navigation.items.map(\.url) == ["https://x.test/1", "https://x.test/2"])
        #expect(stored?.userAgent == .desktop)
        service.disconnect(browser)

        let service2 = env.restart()
        let browser2 = env.makeBrowser()
        service2.setSessionID("w0", for: browser2)
        let restored = service2.loadSession(for: browser2)
        #expect(restored.map(\.id) == [webState.id])
        restored[0].forceRealized()
        #expect(
            restored[0].navigationManager.items.map(\.url.absoluteString) == [
                "https://x.test/1", "https://x.test/2",
            ])
        #expect(service2.problems.isEmpty)
        service2.disconnect(browser2)
    }

    @Test func aCreatedTabRealizedAndNavigatedBeforeTheSaveIsSavedWithItsNewHistory() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        let now = Date()
        let webState = service.createUnrealizedWebState(
            for: browser,
            storage: WebStateStorage(
                metadata: WebStateMetadata(creationTime: now, lastActiveTime: now),
                navigation: history(["https://x.test/1"])))
        browser.webStateList.insert(webState, .automatic.activating())
        webState.forceRealized()
        webState.load(URL(string: "https://x.test/later")!)
        env.waitForSave(service)

        let stored = env.readTabData("w0", webState.id)
        #expect(stored?.navigation.items.map(\.url) == ["https://x.test/1", "https://x.test/later"])
        #expect(env.readList("w0")?.items.first?.metadata.activePage.pageURL == "https://x.test/later")
        service.disconnect(browser)
    }

    @Test func saveSessionsCanBeCalledAtAnyTime() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        service.saveSessions()  // no browser
        service.waitForPendingIO()
        #expect(env.snapshot().isEmpty)

        let browser0 = env.makeBrowser()
        let browser1 = env.makeBrowser()
        service.setSessionID("w0", for: browser0)
        service.setSessionID("w1", for: browser1)
        service.saveSessions()  // no change
        service.waitForPendingIO()
        #expect(env.snapshot().isEmpty)
        #expect(service.saveCount == 0)

        env.insertTabs(browser0, urls: urls)
        env.waitForSave(service)
        let before = env.snapshot()

        browser0.webStateList.activate(at: 0)
        service.waitForPendingIO()
        #expect(env.modifiedFiles(since: before).isEmpty)
        service.saveSessions()  // at once, without waiting for the delay
        service.waitForPendingIO()
        #expect(env.modifiedFiles(since: before) == [env.metadataFile("w0")])
        #expect(env.clock.pendingCount == 0)  // the delayed save was cancelled

        let before2 = env.snapshot()
        service.disconnect(browser0)
        service.disconnect(browser1)
        service.saveSessions()  // every browser disconnected
        service.waitForPendingIO()
        #expect(env.modifiedFiles(since: before2).isEmpty)
    }

    @Test func unrealizedTabsMovedAroundBeforeASaveEndUpWhereTheyAre() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browsers = (0..<3).map { _ in env.makeBrowser() }
        for (index, browser) in browsers.enumerated() { service.setSessionID("w\(index)", for: browser) }
        let lists = browsers.map(\.webStateList)
        let now = Date()
        let storage = WebStateStorage(
            metadata: WebStateMetadata(creationTime: now, lastActiveTime: now),
            navigation: history(["https://example.test/"]))

        // Made for w0, then moved to w1, then to w2.
        lists[0].insert(service.createUnrealizedWebState(for: browsers[0], storage: storage))
        lists[1].insert(lists[0].detach(at: 0))
        lists[2].insert(lists[1].detach(at: 0))
        // Made for w0, moved to w1 and back.
        lists[0].insert(service.createUnrealizedWebState(for: browsers[0], storage: storage))
        lists[1].insert(lists[0].detach(at: 0))
        lists[0].insert(lists[1].detach(at: 0))
        #expect(lists.map(\.count) == [1, 0, 1])
        let inW0 = lists[0].webState(at: 0).id
        let inW2 = lists[2].webState(at: 0).id
        env.waitForSave(service)

        #expect(
            Set(env.snapshot().keys)
                == env.tabFiles("w0", inW0, withState: false).union(
                    env.tabFiles("w2", inW2, withState: false)
                )
                .union([env.metadataFile("w0"), env.metadataFile("w1"), env.metadataFile("w2")]))
        for browser in browsers { service.disconnect(browser) }

        let service2 = env.restart()
        for (index, id) in [(0, inW0), (2, inW2)] {
            let browser = env.makeBrowser()
            service2.setSessionID("w\(index)", for: browser)
            let restored = service2.loadSession(for: browser)
            #expect(restored.map(\.id) == [id])
            restored.first?.forceRealized()
            #expect(restored.first?.navigationManager.itemCount == 1)
            service2.disconnect(browser)
        }
        #expect(service2.problems.isEmpty)
    }

    /// Chromium writes a created tab's data into the session it was made for at the next save,
    /// even if the tab has left that window by then, and copies it later. Here the data stays
    /// in memory until the tab is in a list, and is written there: same files in the end,
    /// without the copy.
    @Test func aTabDetachedDuringASaveIsSavedWhereItIsInsertedNext() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser0 = env.makeBrowser()
        let browser1 = env.makeBrowser()
        service.setSessionID("w0", for: browser0)
        service.setSessionID("w1", for: browser1)
        let now = Date()
        let storage = WebStateStorage(
            metadata: WebStateMetadata(creationTime: now, lastActiveTime: now),
            navigation: history(["https://example.test/"]))
        browser0.webStateList.insert(service.createUnrealizedWebState(for: browser0, storage: storage))
        let webState = browser0.webStateList.detach(at: 0)
        env.waitForSave(service)
        #expect(env.readList("w0")?.items.isEmpty == true)
        let before = env.snapshot()

        browser1.webStateList.insert(webState)
        env.waitForSave(service)
        // Only w1 changed: its list and the tab's data.
        #expect(
            env.modifiedFiles(since: before)
                == env.tabFiles("w1", webState.id, withState: false).union([env.metadataFile("w1")]))
        #expect(env.readTabData("w1", webState.id)?.navigation.items.map(\.url) == ["https://example.test/"])
        service.disconnect(browser1)
        service.disconnect(browser0)
    }

    @Test func aRestoredTabDetachedDuringASaveIsAdoptedWhereItIsInsertedNext() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let ids = env.makeSavedSession(
            "w0", histories: [["https://a.test/1", "https://a.test/2"], ["https://b.test/"]])
        let service = env.restart()
        let browser0 = env.makeBrowser()
        let browser1 = env.makeBrowser()
        service.setSessionID("w0", for: browser0)
        service.setSessionID("w1", for: browser1)
        service.loadSession(for: browser0)
        let webState = browser0.webStateList.detach(at: 0)
        env.waitForSave(service)
        browser1.webStateList.insert(webState)
        env.waitForSave(service)
        #expect(env.readTabData("w1", ids[0])?.navigation.items.count == 2)
        service.disconnect(browser1)
        service.disconnect(browser0)

        let service2 = env.restart()
        let browser = env.makeBrowser()
        service2.setSessionID("w1", for: browser)
        let restored = service2.loadSession(for: browser)
        restored.first?.forceRealized()
        #expect(restored.first?.navigationManager.itemCount == 2)
        #expect(service2.problems.isEmpty)
        service2.disconnect(browser)
    }

    @Test func aNewTabMovedToAnotherWindowBeforeAnySaveIsSavedThere() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser0 = env.makeBrowser()
        let browser1 = env.makeBrowser()
        service.setSessionID("w0", for: browser0)
        service.setSessionID("w1", for: browser1)
        let tab = env.makeRealizedTab(["https://a.test/1", "https://a.test/2"])
        browser0.webStateList.insert(tab, .automatic.activating())
        browser1.webStateList.insert(browser0.webStateList.detach(at: 0), .automatic.activating())
        env.waitForSave(service)
        #expect(env.readList("w0")?.items.isEmpty == true)
        #expect(env.readList("w1")?.items.map(\.identifier) == [tab.id.rawValue])
        #expect(env.readTabData("w1", tab.id)?.navigation.items.count == 2)
        #expect(!env.exists(env.tabPath("w0", tab.id)))
        service.disconnect(browser1)
        service.disconnect(browser0)

        let service2 = env.restart()
        let browser = env.makeBrowser()
        service2.setSessionID("w1", for: browser)
        let restored = service2.loadSession(for: browser)
        restored.first?.forceRealized()
        #expect(restored.first?.navigationManager.itemCount == 2)
        service2.disconnect(browser)
    }

    @Test func discardedSessionsAreDeleted() async {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        env.makeSavedSession("w0", histories: urls.map { [$0] })
        env.makeSavedSession("keep", histories: [[urls[0]]])
        let kept = env.snapshot().filter { $0.key.hasPrefix("keep/") }
        let service = env.restart()
        var done = false
        service.deleteDataForDiscardedSessions(["w0", "never-existed", "..", ""]) { done = true }
        env.mainTasks.runUntilIdle()
        #expect(done)
        #expect(!env.exists(env.sessionPath("w0")))
        #expect(env.snapshot() == kept)
        #expect(env.exists(env.root.path))
    }

    @Test func theDataOfAConnectedWindowIsNotDiscarded() async {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        env.makeSavedSession("w0", histories: urls.map { [$0] })
        let service = env.restart()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        service.loadSession(for: browser)
        let before = env.snapshot()
        var done = false
        service.deleteDataForDiscardedSessions(["w0"]) { done = true }
        env.mainTasks.runUntilIdle()
        #expect(done)
        #expect(env.snapshot() == before)
        #expect(service.problems.contains { $0.description.contains("w0") })
        service.disconnect(browser)
    }

    /// Should the process die between the lists of two windows while a tab moves, both may
    /// list it. The second window to load gives its copy a fresh identifier: two tabs, each
    /// with its own files, rather than one identifier for two tabs.
    @Test func aTabListedByTwoWindowsComesBackAsTwoTabs() throws {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let ids = env.makeSavedSession(
            "w0", histories: [["https://a.test/1", "https://a.test/2"], ["https://b.test/"]])
        env.write(try #require(env.read(env.metadataPath("w0"))), to: env.metadataPath("w1"))
        for id in ids {
            for name in [SessionFormat.dataFileName, SessionFormat.stateFileName] {
                let file = "/" + id.storageName + "/" + name
                env.write(
                    try #require(env.read(env.sessionPath("w0") + file)), to: env.sessionPath("w1") + file)
            }
        }

        let service = env.restart()
        let browser0 = env.makeBrowser()
        let browser1 = env.makeBrowser()
        service.setSessionID("w0", for: browser0)
        service.setSessionID("w1", for: browser1)
        service.loadSession(for: browser0)
        service.loadSession(for: browser1)
        let tabs0 = browser0.webStateList.webStates
        let tabs1 = browser1.webStateList.webStates
        #expect(tabs0.map(\.id) == ids)
        #expect(tabs1.count == 2)
        #expect(Set(tabs0.map(\.id)).isDisjoint(with: tabs1.map(\.id)))
        #expect(tabs1.map(\.lastCommittedURL) == tabs0.map(\.lastCommittedURL))

        // Closing one copy leaves the other whole.
        browser0.webStateList.close(at: 0)
        env.waitForSave(service)
        tabs1[0].forceRealized()
        #expect(tabs1[0].navigationManager.itemCount == 2)
        service.disconnect(browser1)
        service.disconnect(browser0)

        let service2 = env.restart()
        let browser = env.makeBrowser()
        service2.setSessionID("w1", for: browser)
        let restored = service2.loadSession(for: browser)
        #expect(restored.map(\.id) == tabs1.map(\.id))
        restored.first?.forceRealized()
        #expect(restored.first?.navigationManager.itemCount == 2)
        #expect(service2.problems.isEmpty)
        service2.disconnect(browser)
    }

    @Test func aStoredIdentifierAlreadyTakenByAnOpenTabIsReplaced() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser0 = env.makeBrowser()
        service.setSessionID("w0", for: browser0)
        service.loadSession(for: browser0)
        // Another window's session stores the identifier the next new tab gets.
        let next = WebStateID.generator.lastIssued + 1
        env.writeList(listStorage([listItem(next, url: "https://stored.test/")], active: 0), "w1")
        env.writeTabData("w1", rawID: next, urls: ["https://stored.test/0", "https://stored.test/"])
        let fresh = env.makeRealizedTab(["https://new.test/"])
        #expect(fresh.id.rawValue == next)
        browser0.webStateList.insert(fresh, .automatic.activating())

        let browser1 = env.makeBrowser()
        service.setSessionID("w1", for: browser1)
        service.loadSession(for: browser1)
        let stored = browser1.webStateList.webState(at: 0)
        #expect(stored.id != fresh.id)
        #expect(stored.lastCommittedURL == URL(string: "https://stored.test/"))
        env.waitForSave(service)
        stored.forceRealized()
        #expect(stored.navigationManager.itemCount == 2)
        #expect(env.readTabData("w0", fresh.id)?.navigation.items.map(\.url) == ["https://new.test/"])
        #expect(env.readTabData("w1", stored.id)?.navigation.items.count == 2)
        service.disconnect(browser1)
        service.disconnect(browser0)
    }

    @Test func aTabMovedOutOfAWindowThatIsThenDiscardedKeepsItsData() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let ids = env.makeSavedSession(
            "w0", histories: [["https://a.test/1", "https://a.test/2"], ["https://b.test/"]])
        let service = env.restart()
        let browser0 = env.makeBrowser()
        let browser1 = env.makeBrowser()
        service.setSessionID("w0", for: browser0)
        service.setSessionID("w1", for: browser1)
        service.loadSession(for: browser0)
        browser1.webStateList.insert(browser0.webStateList.detach(at: 0), .automatic.activating())

        // The window closes before any delayed save ran: it is disconnected and discarded.
        service.disconnect(browser0)
        closeAllWebStates(browser0.webStateList)
        service.deleteDataForDiscardedSessions(["w0"])
        service.disconnect(browser1)
        service.waitForPendingIO()

        let service2 = env.restart()
        let browser = env.makeBrowser()
        service2.setSessionID("w1", for: browser)
        let restored = service2.loadSession(for: browser)
        #expect(restored.map(\.id) == [ids[0]])
        restored.first?.forceRealized()
        #expect(restored.first?.navigationManager.itemCount == 2)  // its whole history, not just its URL
        #expect(service2.problems.isEmpty)
        service2.disconnect(browser)
    }

    @Test func loadWebStateStorageReadsTheDataInTheBackground() async {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        env.makeSavedSession(
            "w0", histories: [["https://a.test/1", "https://a.test/2"], ["https://b.test/"]])
        let service = env.restart()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        service.loadSession(for: browser)
        let webState = browser.webStateList.webState(at: 0)
        #expect(!webState.isRealized)

        var result: WebStateStorage??
        service.loadWebStateStorage(of: webState, in: browser) { result = .some($0) }
        #expect(result == nil)  // never called back synchronously
        service.waitForPendingIO()
        env.mainTasks.runUntilIdle()
        #expect(result != nil)
        #expect(
            result??.navigation.items.map(\.url.absoluteString) == ["https://a.test/1", "https://a.test/2"])
        #expect(result??.navigation.lastCommittedItemIndex == 1)
        #expect(!webState.isRealized)
        service.disconnect(browser)
    }

    @Test func loadWebStateStorageDoesNotCallBackAfterDisconnect() async {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        env.makeSavedSession("w0", histories: urls.map { [$0] })
        let service = env.restart()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        service.loadSession(for: browser)
        let webState = browser.webStateList.webState(at: 2)

        // Disconnected before the call.
        service.disconnect(browser)
        var calls = 0
        service.loadWebStateStorage(of: webState, in: browser) { _ in calls += 1 }

        // Disconnected while the read is in flight.
        let other = env.makeBrowser()
        service.setSessionID("w1", for: other)
        let tab = env.makeRealizedTab(["https://c.test/"])
        other.webStateList.insert(tab)
        service.saveSessions()
        service.loadWebStateStorage(of: webState, in: other) { _ in calls += 1 }
        service.disconnect(other)

        service.waitForPendingIO()
        env.mainTasks.runUntilIdle()
        #expect(calls == 0)
    }

    @Test func loadWebStateStorageFollowsATabMovedBetweenWindows() async {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browsers = (0..<3).map { _ in env.makeBrowser() }
        for (index, browser) in browsers.enumerated() { service.setSessionID("w\(index)", for: browser) }
        let lists = browsers.map(\.webStateList)
        let now = Date()
        let original = WebStateStorage(
            metadata: WebStateMetadata(creationTime: now, lastActiveTime: now),
            navigation: history(["https://example.test/1", "https://example.test/2"]))

        // What a storage says of its history (timestamps lose their sub-microsecond part on disk).
        func pages(_ storage: WebStateStorage?) -> [String] {
            guard let navigation = storage?.navigation else { return [] }
            return navigation.items.map { "\($0.url.absoluteString) \($0.title)" } + [
                "\(navigation.lastCommittedItemIndex)"
            ]
        }
        func load(_ webState: WebState, in browser: Browser) async -> [String] {
            var result: WebStateStorage??
            service.loadWebStateStorage(of: webState, in: browser) { result = .some($0) }
            #expect(result == nil, "never called back synchronously, even from memory")
            service.waitForPendingIO()
            env.mainTasks.runUntilIdle()
            #expect(result != nil)
            return pages(result ?? nil)
        }
        let expected = pages(original)
        #expect(expected.count == 3)

        // Moved w0 -> w1 -> w2.
        lists[0].insert(service.createUnrealizedWebState(for: browsers[0], storage: original))
        lists[1].insert(lists[0].detach(at: 0))
        lists[2].insert(lists[1].detach(at: 0))
        #expect(await load(lists[2].webState(at: 0), in: browsers[2]) == expected)

        // Moved w0 -> w1 -> w0.
        lists[0].insert(service.createUnrealizedWebState(for: browsers[0], storage: original))
        lists[1].insert(lists[0].detach(at: 0))
        lists[0].insert(lists[1].detach(at: 0))
        #expect(await load(lists[0].webState(at: 0), in: browsers[0]) == expected)

        // Moved, detached, saved, then inserted elsewhere.
        service.saveSessions()
        lists[1].insert(lists[0].detach(at: 0))
        let detached = lists[1].detach(at: 0)
        env.waitForSave(service)
        lists[2].insert(detached)
        #expect(await load(detached, in: browsers[2]) == expected)

        // And once everything is on disk.
        env.waitForSave(service)
        #expect(await load(detached, in: browsers[2]) == expected)
        for browser in browsers { service.disconnect(browser) }
    }

    @Test func loadDataFromStorageReadsEveryTabWithoutRealizingAny() async {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let ids = env.makeSavedSession(
            "w0", histories: [["https://a.test/1", "https://a.test/2"], ["https://b.test/"]])
        let service = env.restart()
        let browser = env.makeBrowser(realizingActiveTab: false)
        service.setSessionID("w0", for: browser)
        service.loadSession(for: browser)

        var result: [WebStateID: [String]]?
        service.loadDataFromStorage(
            for: browser, parse: { _, storage in storage.navigation.items.map(\.url.absoluteString) },
            completion: { result = $0 })
        service.waitForPendingIO()
        env.mainTasks.runUntilIdle()
        #expect(result != nil)
        #expect(result == [ids[0]: ["https://a.test/1", "https://a.test/2"], ids[1]: ["https://b.test/"]])
        #expect(browser.webStateList.webStates.allSatisfy { !$0.isRealized })
        #expect(env.engine.contentsCreated == 0)
        service.disconnect(browser)
    }

    @Test func restoringWithTheProductionDelegateRealizesOnlyTheActiveTabAndLeavesTheSessionClean() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        env.makeSavedSession("w0", histories: urls.map { [$0] })
        let service = env.restart()
        let browser = env.makeBrowser(realizingActiveTab: true)
        service.setSessionID("w0", for: browser)
        let before = env.snapshot()
        service.loadSession(for: browser)
        #expect(browser.webStateList.webStates.map(\.isRealized) == [false, false, true])
        #expect(browser.webStateList.activeWebState?.lastCommittedURL == URL(string: urls[2]))
        #expect(env.clock.pendingCount == 0)  // restoring is not a change
        service.saveSessions()
        service.waitForPendingIO()
        #expect(service.saveCount == 0)
        #expect(env.modifiedFiles(since: before).isEmpty)
        service.disconnect(browser)
    }
}
