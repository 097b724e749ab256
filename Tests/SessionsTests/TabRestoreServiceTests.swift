import Base
import Foundation
import ModelTestSupport
import Sessions
import TabModel
import Testing
import Web
import WebTestSupport

@MainActor
struct TabRestoreServiceTests {
    let engine = FakeWebEngine()
    let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
        "swiftlet-trs-\(UUID().uuidString)")
    var file: URL { root.appendingPathComponent("RecentlyClosed.pb") }

    func browser() -> Browser {
        Browser(kind: .regular, profile: TestProfile.make(engine: engine), delegate: nil)
    }

    func tab(_ urls: [String]) -> WebState {
        let webState = WebState(params: .init(context: engine.defaultContext))
        for url in urls { webState.load(URL(string: url)!) }
        return webState
    }

    func makeTab(_ browser: Browser, _ storage: WebStateStorage) -> WebState {
        let webState = WebState(params: .init(context: engine.defaultContext))
        if let url = storage.navigation.lastCommittedItem?.url { webState.load(url) }
        return webState
    }

    @Test func closedTabsAreRecordedNewestFirstWithHistory() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let service = TabRestoreService(fileURL: file)
        let window = browser()
        service.observe(window, sessionID: "w1")
        window.webStateList.insert(tab(["https://a.test/1", "https://a.test/2"]))
        window.webStateList.insert(tab(["https://b.test/"]))
        window.webStateList.close(at: 0, flags: .userAction)
        window.webStateList.close(at: 0, flags: .userAction)
        #expect(service.entries.count == 2)
        guard case .tab(let newest) = service.entries[0], case .tab(let older) = service.entries[1] else {
            Issue.record("expected two tab entries")
            return
        }
        #expect(newest.storage.navigation.items.map(\.url.absoluteString) == ["https://b.test/"])
        #expect(older.storage.navigation.items.count == 2)
        #expect(older.windowSessionID == "w1")
    }

    @Test func observersHearOfEveryChangeToTheEntries() {
        final class Recorder: TabRestoreServiceObserver {
            var counts: [Int] = []
            func tabRestoreServiceChanged(_ service: TabRestoreService) {
                counts.append(service.entries.count)
            }
        }
        let service = TabRestoreService(fileURL: nil)
        let recorder = Recorder()
        service.addObserver(recorder)
        let window = browser()
        service.observe(window, sessionID: "w1")
        window.webStateList.insert(tab(["https://a.test/"]))
        window.webStateList.insert(tab(["https://b.test/"]))
        window.webStateList.close(at: 0, flags: .userAction)
        service.addWindow(
            tabs: [
                WebStateStorage(
                    metadata: .init(creationTime: Date(), lastActiveTime: Date()),
                    navigation: NavigationHistory(
                        items: [NavigationItem(url: URL(string: "https://c.test/")!)],
                        lastCommittedItemIndex: 0))
            ], activeIndex: 0, pinnedCount: 0, sessionID: "w2")
        #expect(recorder.counts.last == 2)
        service.removeEntry(service.entries[0].id)
        service.clear()
        #expect(Array(recorder.counts.suffix(2)) == [1, 0])
        service.removeObserver(recorder)
        window.webStateList.close(at: 0, flags: .userAction)
        #expect(recorder.counts.last == 0, "a removed observer hears nothing")
    }

    @Test func cleanupClosesAreNotRecordedAndAtMost25Entries() {
        let service = TabRestoreService(fileURL: nil)
        let window = browser()
        service.observe(window, sessionID: "w")
        window.webStateList.insert(tab(["https://x.test/"]))
        window.webStateList.close(at: 0, flags: .tabsCleanup)
        #expect(service.entries.isEmpty)
        for i in 0..<30 {
            window.webStateList.insert(tab(["https://t\(i).test/"]))
            window.webStateList.close(at: 0)
        }
        #expect(service.entries.count == TabRestoreService.maximumEntries)
        guard case .tab(let newest) = service.entries[0] else { return }
        #expect(newest.storage.navigation.items[0].url.host == "t29.test")
    }

    @Test func restoreTabGoesBackToItsIndexInItsWindow() {
        let service = TabRestoreService(fileURL: nil)
        let window = browser()
        let other = browser()
        service.observe(window, sessionID: "w")
        for name in ["a", "b", "c"] { window.webStateList.insert(tab(["https://\(name).test/"])) }
        window.webStateList.close(at: 1)
        let entry = service.entries[0].id
        let restored = service.restoreTab(
            entry, browsers: [other, window], sessionID: { $0 === window ? "w" : "o" }, fallback: other,
            makeWebState: makeTab)
        #expect(restored != nil)
        #expect(window.webStateList.index(of: restored!) == 1)
        #expect(window.webStateList.activeIndex == 1)
        #expect(restored?.visibleURL?.host == "b.test")
        #expect(service.entries.isEmpty)
    }

    @Test func windowsAreRecordedAndRestoredAsWindows() {
        let service = TabRestoreService(fileURL: nil)
        let window = browser()
        service.observe(window, sessionID: "w")
        for name in ["a", "b", "c"] { window.webStateList.insert(tab(["https://\(name).test/"])) }
        window.webStateList.setPinned(at: 0, true)
        window.webStateList.activate(at: 2)
        service.recordWindow(window, sessionID: "w")
        closeAllWebStates(window.webStateList)
        #expect(service.entries.count == 1)
        guard case .window(let closed) = service.entries[0] else {
            Issue.record("expected a window entry")
            return
        }
        #expect(closed.tabs.count == 3)
        let newWindow = browser()
        let restored = service.restoreWindow(closed.entryID, into: newWindow, makeWebState: makeTab)
        #expect(restored.count == 3)
        #expect(newWindow.webStateList.pinnedCount == 1)
        #expect(newWindow.webStateList.activeIndex == 2)
    }

    @Test func entriesSurviveARestartAndACorruptFileIsSetAside() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            let service = TabRestoreService(fileURL: file)
            let window = browser()
            service.observe(window, sessionID: "w")
            window.webStateList.insert(tab(["https://a.test/1", "https://a.test/2"]))
            window.webStateList.close(at: 0)
            service.recordWindow(window, sessionID: "w")
            service.flush()
        }
        let reloaded = TabRestoreService(fileURL: file)
        #expect(reloaded.entries.count == 1)
        guard case .tab(let closed) = reloaded.entries[0] else { return }
        #expect(closed.storage.navigation.items.count == 2)
        #expect(closed.storage.navigation.lastCommittedItemIndex == 1)

        try Data("not a protobuf \u{1}\u{2}\u{3}".utf8).write(to: file)
        let afterCorruption = TabRestoreService(fileURL: file)
        #expect(afterCorruption.entries.isEmpty)
        #expect(afterCorruption.loadProblem != nil)
        #expect(FileManager.default.fileExists(atPath: file.path + ".bad"))
    }

    @Test func unrealizedClosedTabGetsItsStoredHistory() {
        let service = TabRestoreService(
            fileURL: nil,
            storageLoader: { webState, _, completion in
                let items = (1...3).map { NavigationItem(url: URL(string: "https://u.test/\($0)")!) }
                completion(
                    WebStateStorage(
                        metadata: webState.serializeMetadata(),
                        navigation: NavigationHistory(items: items, lastCommittedItemIndex: 2)))
            })
        let window = browser()
        service.observe(window, sessionID: "w")
        let builder = WebStateListBuilder(engine: engine)
        window.webStateList.insert(builder.webState(named: "u"))
        window.webStateList.close(at: 0)
        guard case .tab(let closed) = service.entries[0] else { return }
        #expect(closed.storage.navigation.items.count == 3)
        #expect(engine.contentsCreated == 0)
    }
}
