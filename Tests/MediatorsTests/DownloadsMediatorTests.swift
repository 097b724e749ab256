import Base
import Downloads
import Foundation
import TestSupport
import Testing
import UIInterfaces
import Web
import WebTestSupport

@testable import Mediators

@MainActor
struct DownloadsMediatorTests {
    let engine = FakeWebEngine()
    let consumer = RecordingDownloadsConsumer()
    let launcher = RecordingFileLauncher()
    let clock = ManualTimerClock()
    let history: DownloadHistoryService
    var context: FakeWebEngineContext { engine.defaultContext }

    init() {
        history = DownloadHistoryService(store: DownloadStore(path: nil), context: engine.defaultContext)
    }

    func makeMediator(consumer: RecordingDownloadsConsumer? = nil) -> DownloadsMediator {
        let mediator = DownloadsMediator(history: history, launcher: launcher, clock: clock)
        mediator.consumer = consumer ?? self.consumer
        return mediator
    }

    @Test func aDownloadIsListedWithItsProgressSpeedAndTimeLeftThenToastedWhenSaved() {
        let mediator = makeMediator()
        #expect(consumer.pushes == ["list []", "progress none"])
        let task = context.simulateDownloadStarted(fileName: "report (1).zip", expectedBytes: 2000)
        clock.advance(by: .seconds(2))
        task.simulateReceived(1000)
        task.simulateEnd()
        #expect(
            consumer.pushes == [
                "list []", "progress none",
                #"list [report (1).zip inProgress 0% "0 bytes of 2.0 kB"]"#, "progress 0%",
                #"list [report (1).zip inProgress 50% "1.0 kB of 2.0 kB — 500 bytes/s, 2 seconds left"]"#,
                "progress 50%",
                #"list [report (1).zip complete "2.0 kB"]"#, "progress none", "finished 1 report (1).zip",
            ])
        _ = mediator
    }

    @Test func theListIsNewestFirstAndTheOverallProgressCountsTheRunningDownloadsOfKnownSize() {
        let mediator = makeMediator()
        let first = context.simulateDownloadStarted(fileName: "a", expectedBytes: 100)
        let second = context.simulateDownloadStarted(fileName: "b", expectedBytes: 300)
        let unknown = context.simulateDownloadStarted(fileName: "c")
        first.simulateReceived(100)
        second.simulateReceived(100)
        unknown.simulateReceived(5000)
        #expect(consumer.items.map(\.fileName) == ["c", "b", "a"])
        #expect(consumer.pushes.filter { $0.hasPrefix("progress") }.last == "progress 50%")
        first.simulateEnd()
        #expect(consumer.pushes.last == "finished 1 a")
        #expect(consumer.pushes.filter { $0.hasPrefix("progress") }.last == "progress 33%")
        second.cancel()
        unknown.cancel()
        #expect(consumer.pushes.last == "progress none", "no toast for a cancelled download")
        _ = mediator
    }

    @Test func aFailedDownloadIsToasted() {
        let mediator = makeMediator()
        context.simulateDownloadStarted(fileName: "a.zip", expectedBytes: 10).simulateEnd(failure: "network")
        #expect(consumer.items.map(\.status) == ["Failed"])
        #expect(consumer.pushes.last == "failed a.zip")
        _ = mediator
    }

    @Test func eachCommandActsOnItsDownload() {
        let mediator = makeMediator()
        let saved = context.simulateDownloadStarted(
            fileName: "saved.pdf", url: URL(string: "https://example.test/saved.pdf"))
        saved.simulateEnd()
        let cut = context.simulateDownloadStarted(
            fileName: "cut.iso", url: URL(string: "https://example.test/cut.iso"))
        cut.simulateReceived(10)
        cut.interrupt()
        let running = context.simulateDownloadStarted(fileName: "running.bin")

        mediator.openDownload(1)
        mediator.showDownloadInFolder(1)
        mediator.openDownload(2)  // not saved: nothing to open
        mediator.showDownloadInFolder(2)
        #expect(
            launcher.launches == [
                "open /tmp/downloads/saved.pdf", "show /tmp/downloads/saved.pdf",
                "show /tmp/downloads/cut.iso.part",
            ])

        #expect(!consumer.pushes.contains { $0.hasPrefix("launch failed") })
        launcher.failure = "No such file or directory"
        mediator.openDownload(1)
        mediator.showDownloadInFolder(1)
        #expect(
            consumer.pushes.suffix(2) == [
                "launch failed: “saved.pdf” could not be opened: No such file or directory",
                "launch failed: The folder of “saved.pdf” could not be shown: No such file or directory",
            ])

        mediator.cancelDownload(3)
        #expect(running.cancelCalls == 1)
        mediator.retryDownload(2)
        #expect(context.requestedDownloads == [URL(string: "https://example.test/cut.iso")!])
        #expect(consumer.items.map(\.fileName) == ["cut.iso", "running.bin", "saved.pdf"])
        #expect(consumer.items.map(\.state) == [.inProgress, .cancelled, .complete])
        mediator.removeDownload(1)
        #expect(consumer.items.map(\.fileName) == ["cut.iso", "running.bin"])
        mediator.clearDownloads()
        #expect(consumer.items.map(\.fileName) == ["cut.iso"])
    }

    @Test func aWindowOpenedLaterListsWhatIsKept() {
        context.simulateDownloadStarted(fileName: "old.txt").simulateEnd()
        let running = context.simulateDownloadStarted(fileName: "big.iso", expectedBytes: 100)
        running.simulateReceived(40)
        let mediator = makeMediator()
        #expect(
            consumer.pushes == [
                #"list [big.iso inProgress 40% "40 bytes of 100 bytes", old.txt complete "0 bytes"]"#,
                "progress 40%",
            ])
        _ = mediator
    }

    @Test func everyWindowOfTheProfileListsTheDownloadAndEitherCanCancelIt() {
        let other = RecordingDownloadsConsumer()
        let first = makeMediator()
        let second = makeMediator(consumer: other)
        let task = context.simulateDownloadStarted(fileName: "a.zip", expectedBytes: 10)
        #expect(consumer.items.map(\.fileName) == ["a.zip"])
        #expect(other.items.map(\.fileName) == ["a.zip"])
        second.cancelDownload(1)
        #expect(task.cancelCalls == 1)
        #expect(consumer.items.map(\.state) == [.cancelled] && other.items.map(\.state) == [.cancelled])
        first.cancelDownload(1)
        #expect(task.cancelCalls == 1, "an ended download is not asked again")
    }

    @Test func nothingIsPushedAfterDisconnect() {
        let mediator = makeMediator()
        mediator.disconnect()
        consumer.pushes.removeAll()
        context.simulateDownloadStarted(fileName: "a.zip").simulateEnd()
        #expect(consumer.pushes.isEmpty)
    }

    @Test func aCommandAfterDisconnectFailsNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let engine = FakeWebEngine()
                let history = DownloadHistoryService(
                    store: DownloadStore(path: nil), context: engine.defaultContext)
                let mediator = DownloadsMediator(
                    history: history, launcher: RecordingFileLauncher(), clock: ManualTimerClock())
                mediator.disconnect()
                mediator.cancelDownload(1)
            }
        }.expectPreconditionMessage("DownloadsMediator.cancelDownload(_:) used after disconnect()")
    }
}

struct DownloadStatusTextTests {
    @Test(
        arguments: [
            (0, "0 bytes"), (1, "1 byte"), (999, "999 bytes"), (1000, "1.0 kB"), (1499, "1.5 kB"),
            (999_949, "999.9 kB"), (999_950, "1.0 MB"), (12_345_678, "12.3 MB"), (1_200_000_000, "1.2 GB"),
        ] as [(Int64, String)])
    func sizes(bytes: Int64, text: String) {
        #expect(DownloadStatusText.size(bytes) == text)
    }

    @Test(
        arguments: [
            (0.2, "1 second left"), (1, "1 second left"), (59, "59 seconds left"), (60, "1 minute left"),
            (61, "2 minutes left"), (3600, "1 hour left"), (7201, "3 hours left"),
        ] as [(Double, String)])
    func timesLeft(seconds: Double, text: String) {
        #expect(DownloadStatusText.timeLeft(seconds: seconds) == text)
    }
}
