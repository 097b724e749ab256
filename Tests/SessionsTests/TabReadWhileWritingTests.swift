import Base
import Foundation
import TabModel
import Testing
import Web

@testable import Sessions

/// Realizing a tab reads its files without waiting for the whole IO queue: a tab being
/// written is served from memory, and other tabs wait only for their own writes. A held
/// write (``FaultInjectingFileSystemCalls/holdWrites(toPath:)``) stands for a slow disk, released only
/// after the reads: a read that waited for it would hang the test (it does with the
/// queue-wide wait these tests replaced).
@MainActor
@Suite struct TabReadWhileWritingTests {
    @Test func aTabIsRealizedWhileAnotherWindowsWriteIsStuck() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        env.makeSavedSession(
            "w0", histories: [["https://a.test/1", "https://a.test/2"], ["https://a.test/3"]])
        let service = env.restart()
        let restored = env.makeBrowser()
        service.setSessionID("w0", for: restored)
        service.loadSession(for: restored)
        let tabA = restored.webStateList.webState(at: 0)
        #expect(!tabA.isRealized)

        let other = env.makeBrowser()
        service.setSessionID("w1", for: other)
        let tabB = env.makeRealizedTab(["https://b.test/"])
        other.webStateList.insert(tabB, .automatic.activating())
        let heldPath = SessionLayout.dataFile(inTab: env.tabPath("w1", tabB.id))
        env.fileSystem.holdWrites(toPath: heldPath)
        service.saveSessions()
        env.fileSystem.waitUntilAWriteIsHeld(atPath: heldPath)

        // The IO queue is stuck in tab B's write; tab A's files are read all the same.
        tabA.forceRealized()
        #expect(tabA.navigationManager.itemCount == 2)
        #expect(tabA.lastCommittedURL == URL(string: "https://a.test/2"))
        #expect(!env.exists(heldPath))

        env.fileSystem.releaseWrites(toPath: heldPath)
        service.waitForPendingIO()
        #expect(env.exists(heldPath))
        #expect(service.problems.isEmpty)
        service.disconnect(restored)
        service.disconnect(other)
    }

    @Test func aTabWithAWriteInFlightIsServedFromMemory() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        let now = Date()
        let storage = WebStateStorage(
            metadata: WebStateMetadata(creationTime: now, lastActiveTime: now),
            navigation: history(["https://x.test/1", "https://x.test/2", "https://x.test/3"]))
        let webState = service.createUnrealizedWebState(for: browser, storage: storage)
        browser.webStateList.insert(webState)
        let heldPath = env.tabPath("w0", webState.id) + "/" + SessionFormat.dataFileName
        env.fileSystem.holdWrites(toPath: heldPath)
        service.saveSessions()
        env.fileSystem.waitUntilAWriteIsHeld(atPath: heldPath)

        // Handed to the writer, not on disk yet: what is being written is what is read.
        #expect(!env.exists(heldPath))
        webState.forceRealized()
        #expect(webState.navigationManager.itemCount == 3)
        #expect(webState.lastCommittedURL == URL(string: "https://x.test/3"))

        env.fileSystem.releaseWrites(toPath: heldPath)
        service.waitForPendingIO()
        #expect(env.readTabData("w0", webState.id)?.navigation.items.count == 3)
        #expect(service.problems.isEmpty)
        service.disconnect(browser)
    }
}
