import Base
import Foundation
import ModelTestSupport
import Sessions
import TabModel
import Testing
import Web
import WebTestSupport

@MainActor
struct SessionRoundTripTests {
    let engine = FakeWebEngine()
    let clock = ManualTimerClock()
    let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
        "swiftlet-sessions-\(UUID().uuidString)")

    func makeBrowser(delegate: (any WebStateListDelegate)? = nil) -> Browser {
        Browser(kind: .regular, profile: TestProfile.make(engine: engine), delegate: delegate)
    }

    func makeService() -> SessionRestorationService {
        SessionRestorationService(storageDirectory: root, engineContext: engine.defaultContext, clock: clock)
    }

    @Test func saveThenRestoreBringsBackTabsUnrealizedWithHistory() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let service = makeService()
        let browser = makeBrowser()
        service.setSessionID("window-1", for: browser)
        let list = browser.webStateList
        var urls: [URL] = []
        for i in 0..<3 {
            let tab = WebState(params: .init(context: engine.defaultContext))
            list.insert(tab, .automatic.activating(i == 1))
            for j in 0..<2 {
                let url = URL(string: "https://site\(i).test/page\(j)")!
                tab.load(url)
                urls.append(url)
            }
        }
        list.setPinned(at: 0, true)
        clock.advance(by: .milliseconds(2499))
        #expect(service.saveCount == 0)
        clock.advance(by: .milliseconds(1))
        #expect(service.saveCount == 1)
        service.waitForPendingIO()
        #expect(service.problems.isEmpty)

        // A new process: new service, new browser, same directory.
        let engine2 = FakeWebEngine()
        let service2 = SessionRestorationService(
            storageDirectory: root, engineContext: engine2.defaultContext, clock: ManualTimerClock())
        let browser2 = Browser(kind: .regular, profile: TestProfile.make(engine: engine2), delegate: nil)
        service2.setSessionID("window-1", for: browser2)
        let restored = service2.loadSession(for: browser2)
        #expect(restored.count == 3)
        #expect(browser2.webStateList.pinnedCount == 1)
        #expect(browser2.webStateList.activeIndex == 1)
        #expect(engine2.contentsCreated == 0)
        #expect(restored.map(\.id) == list.webStates.map(\.id))
        #expect(restored[2].visibleURL == URL(string: "https://site2.test/page1"))
        #expect(restored[2].title == "page1")
        restored[2].forceRealized()
        #expect(restored[2].navigationManager.itemCount == 2)
        #expect(restored[2].navigationManager.lastCommittedItemIndex == 1)
        #expect(engine2.contentsCreated == 1)
        #expect(service2.problems.isEmpty)
    }

    @Test func onlyRequiredFilesAreRewritten() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let service = makeService()
        let browser = makeBrowser()
        service.setSessionID("w", for: browser)
        for i in 0..<3 {
            let tab = WebState(params: .init(context: engine.defaultContext))
            browser.webStateList.insert(tab)
            tab.load(URL(string: "https://t\(i).test/")!)
        }
        service.saveSessions()
        service.waitForPendingIO()
        let dir = root.appendingPathComponent("w").path
        func inode(_ path: String) -> UInt64 {
            ((try? FileManager.default.attributesOfItem(atPath: dir + "/" + path))?[.systemFileNumber]
                as? NSNumber)?
                .uint64Value ?? 0
        }
        let tabs = browser.webStateList.webStates.map { $0.id.storageName }
        let before = [SessionFormat.metadataFileName] + tabs.map { "\($0)/data.pb" }
        let inodes = before.map(inode)
        browser.webStateList.activate(at: 1)
        browser.webStateList.webState(at: 1).wasShown()
        service.saveSessions()
        service.waitForPendingIO()
        let after = before.map(inode)
        #expect(after[0] != inodes[0])  // metadata rewritten
        #expect(after[1] == inodes[1])  // tab 0 untouched
        #expect(after[2] != inodes[2])  // tab 1 rewritten
        #expect(after[3] == inodes[3])  // tab 2 untouched
    }
}
