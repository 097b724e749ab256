import FileSystemTestSupport
import Foundation
import Testing
import Web

@testable import Sessions

/// A data.pb that parses but holds no navigation item.
private func pageless(digest: Data) -> Data {
    var storage = StorageWebStateStorage()
    storage.hasOpener_p = true
    storage.nativeStateDigest = digest
    return try! storage.serializedData()
}

/// The one reader of a tab's data.pb: each way a file can fail comes back as its own case.
@MainActor
struct TabStorageReaderTests {
    let env = SessionTestEnvironment()
    var tab: String { SessionLayout.tabDirectory("00000001", inSession: env.sessionPath("w0")) }

    @Test func readsATabWithAPage() throws {
        defer { env.tearDown() }
        env.writeTabData("w0", rawID: 1, urls: ["https://a.test/", "https://b.test/"])
        let stored = try TabStorageReader.read(tabDirectory: tab).get()
        #expect(stored.navigation.model.lastCommittedItem?.url.absoluteString == "https://b.test/")
    }

    @Test(
        arguments: [
            ("missing", nil, TabStorageReader.Failure.missing),
            ("empty", Data(), .empty),
            ("no page", pageless(digest: Data([1, 2])), .noPage(nativeStateDigest: Data([1, 2]))),
        ] as [(String, Data?, TabStorageReader.Failure)])
    func failures(name: String, contents: Data?, expected: TabStorageReader.Failure) {
        defer { env.tearDown() }
        if let contents { env.write(contents, to: SessionLayout.dataFile(inTab: tab)) }
        #expect(TabStorageReader.read(tabDirectory: tab) == .failure(expected), "\(name)")
    }

    @Test func garbageIsMalformed() {
        defer { env.tearDown() }
        env.write(Data([0xFF, 0xFF, 0xFF, 0xFF]), to: SessionLayout.dataFile(inTab: tab))
        guard case .failure(let failure) = TabStorageReader.read(tabDirectory: tab) else {
            Issue.record("garbage parsed")
            return
        }
        guard case .malformed = failure else {
            Issue.record("\(failure)")
            return
        }
        #expect(failure.isDamaged)
    }

    @Test(arguments: HostileEntry.allCases)
    func whatIsNotAFileWithinTheLimitIsRefusedAtOnceAsDamaged(_ entry: HostileEntry) throws {
        defer { env.tearDown() }
        try FileManager.default.createDirectory(atPath: tab, withIntermediateDirectories: true)
        entry.make(at: SessionLayout.dataFile(inTab: tab), outside: env.root.deletingLastPathComponent().path)
        guard case .failure(let failure) = TabStorageReader.read(tabDirectory: tab),
            case .unreadable(let error) = failure
        else {
            Issue.record("\(entry) was read")
            return
        }
        #expect(error.isUnusable && failure.isDamaged, "\(entry): \(error)")
    }
}
