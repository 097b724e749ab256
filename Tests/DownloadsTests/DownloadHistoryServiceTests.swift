import Downloads
import Foundation
import KeyedServices
import ModelTestSupport
import Profiles
import Testing
import Web
import WebTestSupport

/// A downloads list over the fake engine's context, stored in a file of a fresh directory,
/// dated by a clock the test moves.
@MainActor
final class DownloadHistoryFixture {
    let engine = FakeWebEngine()
    let directory = TestProfile.makeUserDataDirectory()
    var time = Date(timeIntervalSince1970: 1_000_000)
    var context: FakeWebEngineContext { engine.defaultContext }
    var path: String { directory.appendingPathComponent(DownloadStore.fileName).path }

    /// A service reading (or creating) the store at ``path``.
    func makeService() async -> DownloadHistoryService {
        let service = DownloadHistoryService(store: DownloadStore(path: path), context: context) {
            [unowned self] in time
        }
        await service.waitUntilLoaded()
        return service
    }

    /// What a new store reads from the file once `service` wrote everything.
    func reload(after service: DownloadHistoryService) async -> [DownloadRecord] {
        service.shutdown()
        return await DownloadStore(path: path).records()
    }
}

@MainActor
struct DownloadHistoryServiceTests {
    @Test func aDownloadIsAddedUpdatedAndReadBackAfterARestart() async {
        let fixture = DownloadHistoryFixture()
        let service = await fixture.makeService()
        let task = fixture.context.simulateDownloadStarted(
            fileName: "report.pdf", expectedBytes: 300, url: URL(string: "https://example.test/report.pdf"))
        #expect(service.records.map(\.state) == [.inProgress])
        fixture.time += 5
        task.simulateReceived(100)
        #expect(service.records[0].receivedBytes == 100)
        task.simulateReceived(200)
        fixture.time += 5
        task.simulateEnd()

        let expected = DownloadRecord(
            id: 1, fileName: "report.pdf", destinationPath: "/tmp/downloads/report.pdf",
            url: "https://example.test/report.pdf", totalBytes: 300, receivedBytes: 300,
            startTime: Date(timeIntervalSince1970: 1_000_000),
            endTime: Date(timeIntervalSince1970: 1_000_010),
            state: .complete)
        #expect(service.records == [expected])
        #expect(await fixture.reload(after: service) == [expected])
        #expect(await fixture.makeService().records == [expected])
    }

    @Test func howEachDownloadEndedIsKept() async {
        let fixture = DownloadHistoryFixture()
        let service = await fixture.makeService()
        let cancelled = fixture.context.simulateDownloadStarted(fileName: "a.zip")
        let failed = fixture.context.simulateDownloadStarted(fileName: "b.zip")
        let interrupted = fixture.context.simulateDownloadStarted(fileName: "c.zip")
        let saved = fixture.context.simulateDownloadStarted(fileName: "d.zip")
        cancelled.cancel()
        failed.simulateEnd(failure: "Network error")
        interrupted.simulateReceived(10)
        interrupted.interrupt()
        saved.simulateReceived(42)
        saved.simulateEnd()

        let records = await fixture.reload(after: service)
        #expect(records.map(\.fileName) == ["a.zip", "b.zip", "c.zip", "d.zip"])
        #expect(records.map(\.state) == [.cancelled, .failed, .interrupted, .complete])
        #expect(records[1].failureMessage == "Network error")
        #expect(records[2].partialFilePath == "/tmp/downloads/c.zip.part")
        #expect(records[3].totalBytes == 42)
    }

    @Test func aDownloadFoundUnderWayAtLaunchWasInterruptedAndKeepsItsPartialFile() async throws {
        let fixture = DownloadHistoryFixture()
        let destination = fixture.directory.appendingPathComponent("big.iso")
        try FileManager.default.createDirectory(at: fixture.directory, withIntermediateDirectories: true)
        // What WebKit leaves when the process dies: an empty placeholder and its intermediate file.
        _ = FileManager.default.createFile(atPath: destination.path, contents: Data())
        _ = FileManager.default.createFile(
            atPath: destination.path + ".wkdownload", contents: Data(count: 64))
        let store = DownloadStore(path: fixture.path)
        store.save([
            DownloadRecord(
                id: 7, fileName: "big.iso", destinationPath: destination.path,
                url: "https://example.test/big.iso",
                receivedBytes: 64, startTime: fixture.time)
        ])
        store.flush()

        let service = await fixture.makeService()

        #expect(service.records.map(\.state) == [.interrupted])
        #expect(service.records[0].partialFilePath == destination.path + ".part")
        #expect(FileManager.default.contents(atPath: destination.path + ".part")?.count == 64)
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        #expect(await fixture.reload(after: service).map(\.state) == [.interrupted])
        // Later downloads get later ids.
        #expect(await fixture.makeService().records.map(\.id) == [7])
    }

    @Test func aDownloadStartedBeforeTheListIsReadIsNumberedAfterTheStoredOnes() async {
        let fixture = DownloadHistoryFixture()
        let first = await fixture.makeService()
        fixture.context.simulateDownloadStarted(fileName: "old.txt").simulateEnd()
        first.shutdown()

        let service = DownloadHistoryService(
            store: DownloadStore(path: fixture.path), context: fixture.context)
        fixture.context.simulateDownloadStarted(fileName: "new.txt")
        // Listed at once, before the stored list arrives.
        #expect(service.records.map(\.fileName) == ["new.txt"])
        await service.waitUntilLoaded()

        #expect(service.records.map(\.fileName) == ["old.txt", "new.txt"])
        #expect(service.records.map(\.id) == [1, 2])
        #expect(await fixture.reload(after: service).map(\.fileName) == ["old.txt", "new.txt"])
    }

    @Test func progressIsWrittenAtMostOnceAnIntervalAndStateChangesAtOnce() async {
        let fixture = DownloadHistoryFixture()
        let service = await fixture.makeService()
        let task = fixture.context.simulateDownloadStarted(fileName: "a.bin", expectedBytes: 1000)
        task.simulateReceived(100)
        service.store.flush()
        #expect(await service.store.records().map(\.receivedBytes) == [0])
        fixture.time += DownloadHistoryService.progressWriteInterval
        task.simulateReceived(100)
        #expect(await service.store.records().map(\.receivedBytes) == [200])
        task.simulateReceived(100)
        task.simulateEnd()
        #expect(await service.store.records().map(\.receivedBytes) == [300])
        #expect(await service.store.records().map(\.state) == [.complete])
    }

    @Test func aDamagedFileIsSetAsideAndReportedAndANewListStarts() async throws {
        let fixture = DownloadHistoryFixture()
        try FileManager.default.createDirectory(at: fixture.directory, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x5A, count: 4096)
        _ = FileManager.default.createFile(atPath: fixture.path, contents: garbage)

        let service = await fixture.makeService()

        guard case .damaged(let setAside, _) = service.store.problem else {
            Issue.record("no problem reported: \(String(describing: service.store.problem))")
            return
        }
        #expect(setAside == fixture.path + ".bad")
        #expect(FileManager.default.contents(atPath: setAside) == garbage)
        #expect(service.records.isEmpty)
        fixture.context.simulateDownloadStarted(fileName: "after.txt").simulateEnd()
        #expect(await fixture.reload(after: service).map(\.fileName) == ["after.txt"])
    }

    @Test func aDatabaseThatCannotBeCreatedLeavesTheListInMemory() async throws {
        let fixture = DownloadHistoryFixture()
        // The profile's directory is a file: no database can be made in it.
        try FileManager.default.createDirectory(
            at: fixture.directory.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: fixture.directory.path, contents: Data("x".utf8))

        let service = await fixture.makeService()
        fixture.context.simulateDownloadStarted(fileName: "x.txt").simulateEnd()
        service.store.flush()

        #expect(service.records.map(\.fileName) == ["x.txt"])
        guard case .unavailable = service.store.problem else {
            Issue.record("expected the store to be unavailable: \(String(describing: service.store.problem))")
            return
        }
    }

    @Test func removeClearAndRetry() async {
        let fixture = DownloadHistoryFixture()
        let service = await fixture.makeService()
        let first = fixture.context.simulateDownloadStarted(fileName: "1.txt")
        first.simulateEnd()
        let second = fixture.context.simulateDownloadStarted(
            fileName: "2.txt", url: URL(string: "https://example.test/2.txt"))
        second.cancel()
        let third = fixture.context.simulateDownloadStarted(fileName: "3.txt")
        third.simulateEnd()
        let running = fixture.context.simulateDownloadStarted(fileName: "4.txt")

        service.remove(1)
        #expect(service.records.map(\.fileName) == ["2.txt", "3.txt", "4.txt"])
        service.retry(3)  // complete: nothing to retry
        #expect(fixture.context.requestedDownloads == [])
        service.retry(2)
        #expect(fixture.context.requestedDownloads == [URL(string: "https://example.test/2.txt")!])
        #expect(service.records.map(\.fileName) == ["3.txt", "4.txt", "2.txt"])
        service.clear()
        #expect(service.records.map(\.fileName) == ["4.txt", "2.txt"])
        #expect(service.records.map(\.state) == [.inProgress, .inProgress])
        running.simulateEnd()
        #expect(await fixture.reload(after: service).map(\.fileName) == ["4.txt", "2.txt"])
    }

    @Test func observersHearOfEveryChange() async {
        let fixture = DownloadHistoryFixture()
        let service = await fixture.makeService()
        let observer = CountingObserver()
        service.addObserver(observer)
        let task = fixture.context.simulateDownloadStarted(fileName: "f")
        task.simulateReceived(1)
        task.simulateEnd()
        service.remove(1)
        #expect(observer.changes == 4)
    }

    @Test func anIncognitoProfileKeepsItsDownloadsInMemoryOnly() async throws {
        let engine = FakeWebEngine()
        let application = TestProfile.makeApplicationContext(engine: engine)
        let histories = DownloadHistoryFactory.register(in: application)
        let profile = try application.profileManager.createProfile(named: "Default")
        let incognito = profile.offTheRecordProfile
        let history = histories.history(for: incognito)
        let regular = histories.history(for: profile)
        #expect(history !== regular)
        #expect(history.store.path == nil)

        (incognito.webEngineContext as! FakeWebEngineContext).simulateDownloadStarted(fileName: "secret.txt")
            .simulateEnd()

        await history.waitUntilLoaded()
        await regular.waitUntilLoaded()
        #expect(history.records.map(\.fileName) == ["secret.txt"])
        #expect(regular.records.isEmpty)
        let files =
            FileManager.default.enumerator(atPath: profile.statePath.path)?.allObjects as? [String] ?? []
        #expect(files.filter { $0.hasSuffix(DownloadStore.fileName) } == [DownloadStore.fileName])
        profile.destroyOffTheRecordProfile()
        #expect(histories.history(for: profile.offTheRecordProfile).records.isEmpty)
    }
}

@MainActor
private final class CountingObserver: DownloadHistoryObserver {
    var changes = 0
    func downloadHistoryChanged(_ history: DownloadHistoryService) { changes += 1 }
}
