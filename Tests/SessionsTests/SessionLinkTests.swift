import FileSystemTestSupport
import Foundation
import Testing
import Web

@testable import Sessions

/// Links where the session storage's directories belong, and files that are not Swiftlet's
/// in them: nothing is read, written or deleted through a link, and a deletion removes only
/// what Swiftlet names. A sibling directory outside the profile — what the links lead to —
/// is listed and hashed before and after.
@MainActor
struct SessionLinkTests {
    let env = SessionTestEnvironment()
    /// A directory outside the profile, holding someone's files and what looks like a session.
    let outside = NSTemporaryDirectory() + "swiftlet-outside-\(UUID().uuidString)"

    init() {
        let manager = FileManager.default
        try! manager.createDirectory(atPath: outside + "/photos", withIntermediateDirectories: true)
        _ = manager.createFile(atPath: outside + "/notes.txt", contents: Data("mine".utf8))
        _ = manager.createFile(atPath: outside + "/photos/a.jpg", contents: Data("jpeg".utf8))
        _ = manager.createFile(
            atPath: outside + "/" + SessionFormat.metadataFileName, contents: Data([1, 2]))
        try! manager.createDirectory(atPath: outside + "/0000000a", withIntermediateDirectories: true)
        _ = manager.createFile(atPath: outside + "/0000000a/data.pb", contents: Data("not ours".utf8))
    }

    func tearDown() {
        env.tearDown()
        try? FileManager.default.removeItem(atPath: outside)
    }

    func link(_ path: String, to target: String) {
        try! FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    func isLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }

    @Test func aClosedWindowsSessionThatIsALinkIsNeitherReadNorDeletedThrough() {
        defer { tearDown() }
        env.makeSavedSession("kept", histories: [["https://a.test/"]])
        link(env.sessionPath("gone"), to: outside)
        let before = DirectorySnapshot(of: outside)
        let service = env.makeService()
        let tabRestore = TabRestoreService(fileURL: nil)
        let purged = service.purgeDiscardedSessions(keeping: ["kept"], into: tabRestore)
        #expect(purged.isEmpty && tabRestore.entries.isEmpty)
        #expect(DirectorySnapshot(of: outside) == before)
        #expect(isLink(env.sessionPath("gone")), "left as it is")
        #expect(service.problems.contains(.storage(.linkInPlace(path: env.sessionPath("gone")))))
    }

    @Test func anOpenWindowsSessionThatIsALinkIsSetAsideAndTheWindowSavesInsideTheProfile() {
        defer { tearDown() }
        link(env.sessionPath("w0"), to: outside)
        let before = DirectorySnapshot(of: outside)
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        service.loadSession(for: browser)
        #expect(browser.webStateList.isEmpty, "nothing is read through the link")
        env.insertTabs(browser, urls: ["https://new.test/"])
        env.waitForSave(service)
        service.disconnect(browser)
        service.waitForPendingIO()
        #expect(DirectorySnapshot(of: outside) == before)
        #expect(isLink(env.sessionPath("w0") + SessionFormat.setAsideSuffix), "set aside as a link")
        #expect(!isLink(env.sessionPath("w0")) && env.readList("w0")?.items.count == 1)
    }

    @Test func aTabDirectoryThatIsALinkIsNeitherReadNorWrittenThrough() throws {
        defer { tearDown() }
        let ids = env.makeSavedSession("w0", histories: [["https://a.test/1", "https://a.test/2"]])
        let tab = env.tabPath("w0", ids[0])
        try FileManager.default.removeItem(atPath: tab)
        link(tab, to: outside + "/0000000a")
        let before = DirectorySnapshot(of: outside)
        let service = env.restart()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        service.loadSession(for: browser)
        let webState = browser.webStateList.webState(at: 0)
        webState.forceRealized()
        #expect(webState.lastCommittedURL?.absoluteString == "https://a.test/2", "the list's page")
        webState.load(URL(string: "https://a.test/3")!)
        env.waitForSave(service)
        service.disconnect(browser)
        service.waitForPendingIO()
        #expect(DirectorySnapshot(of: outside) == before)
        #expect(isLink(tab + SessionFormat.setAsideSuffix))
        #expect(env.readTabData("w0", webState.id) != nil, "written inside the profile")
    }

    @Test func aSessionStorageThatIsALinkIsNeitherReadWrittenNorPurgedThrough() throws {
        defer { tearDown() }
        try FileManager.default.createDirectory(
            at: env.root.deletingLastPathComponent(), withIntermediateDirectories: true)
        link(env.root.path, to: outside)
        let before = DirectorySnapshot(of: outside)
        let service = env.makeService()
        #expect(service.purgeDiscardedSessions(keeping: [], into: TabRestoreService(fileURL: nil)).isEmpty)
        let browser = env.makeBrowser()
        service.setSessionID("photos", for: browser)
        service.loadSession(for: browser)
        #expect(browser.webStateList.isEmpty)
        env.insertTabs(browser, urls: ["https://new.test/"])
        env.waitForSave(service)
        service.disconnect(browser)
        service.deleteDataForDiscardedSessions(["photos"])
        service.waitForPendingIO()
        #expect(DirectorySnapshot(of: outside) == before)
        #expect(service.problems.contains(.inSession("photos", .storage(.linkInPlace(path: env.root.path)))))
    }

    @Test func deletingAWindowRemovesOnlyWhatSwiftletNames() throws {
        defer { tearDown() }
        let ids = env.makeSavedSession("gone", histories: [["https://a.test/"], ["https://b.test/"]])
        let session = env.sessionPath("gone")
        let manager = FileManager.default
        _ = manager.createFile(atPath: session + "/notes.txt", contents: Data("mine".utf8))
        try manager.createDirectory(atPath: session + "/photos", withIntermediateDirectories: true)
        _ = manager.createFile(atPath: session + "/photos/a.jpg", contents: Data("jpeg".utf8))
        _ = manager.createFile(atPath: env.tabPath("gone", ids[0]) + "/mine.txt", contents: Data("x".utf8))
        let service = env.makeService()
        service.purgeDiscardedSessions(keeping: [], into: TabRestoreService(fileURL: nil))
        let left = Set(DirectorySnapshot(of: session).entries.keys)
        #expect(
            left == [
                "notes.txt", "photos", "photos/a.jpg", ids[0].storageName, ids[0].storageName + "/mine.txt",
            ],
            "\(left.sorted())")
    }

    @Test func aRestoreDeletesOnlyObsoleteFilesSwiftletNames() throws {
        defer { tearDown() }
        env.makeSavedSession("w0", histories: [["https://a.test/"]])
        let session = env.sessionPath("w0")
        _ = FileManager.default.createFile(atPath: session + "/notes.txt", contents: Data("mine".utf8))
        try FileManager.default.createDirectory(
            atPath: session + "/0000beef", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: session + "/0000beef/data.pb", contents: Data())
        let service = env.restart()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        service.loadSession(for: browser)
        service.waitForPendingIO()
        #expect(env.exists(session + "/notes.txt"), "not Swiftlet's")
        #expect(!env.exists(session + "/0000beef"), "an obsolete tab directory")
        service.disconnect(browser)
    }
}
