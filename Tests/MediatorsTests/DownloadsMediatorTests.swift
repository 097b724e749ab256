import Foundation
import Mediators
import TestSupport
import Testing
import UIInterfaces
import Web
import WebTestSupport

@MainActor
struct DownloadsMediatorTests {
    let engine = FakeWebEngine()
    let consumer = RecordingDownloadsConsumer()
    var context: FakeWebEngineContext { engine.defaultContext }

    func makeMediator() -> DownloadsMediator {
        let mediator = DownloadsMediator(context: context)
        mediator.consumer = consumer
        return mediator
    }

    @Test func aDownloadIsListedWithItsProgressThenToastedWhenSaved() {
        let mediator = makeMediator()
        #expect(consumer.pushes == ["list []"])
        let task = context.simulateDownloadStarted(fileName: "report (1).zip", expectedBytes: 200)
        task.simulateReceived(50)
        task.simulateReceived(100)
        task.simulateEnd()
        #expect(
            consumer.pushes == [
                "list []", "list [report (1).zip 0%]", "list [report (1).zip 25%]",
                "list [report (1).zip 75%]",
                "list []", "finished report (1).zip",
            ])
        _ = mediator
    }

    @Test func aDownloadOfUnknownSizeHasNoProgressButItsBytes() {
        let mediator = makeMediator()
        let task = context.simulateDownloadStarted(fileName: "stream.bin")
        task.simulateReceived(4096)
        #expect(
            consumer.items == [DownloadItem(id: task.identifier, fileName: "stream.bin", receivedBytes: 4096)]
        )
        _ = mediator
    }

    @Test func aFailedDownloadLeavesTheListWithAToast() {
        let mediator = makeMediator()
        context.simulateDownloadStarted(fileName: "a.zip", expectedBytes: 10).simulateEnd(failure: "network")
        #expect(consumer.pushes == ["list []", "list [a.zip 0%]", "list []", "failed a.zip"])
        _ = mediator
    }

    @Test func cancelStopsThatDownloadOnlyAndShowsNoToast() {
        let mediator = makeMediator()
        let first = context.simulateDownloadStarted(fileName: "a.zip", expectedBytes: 10)
        let second = context.simulateDownloadStarted(fileName: "b.zip", expectedBytes: 10)
        consumer.pushes.removeAll()
        mediator.cancelDownload(first.identifier)
        #expect(first.state == .cancelled && first.cancelCalls == 1)
        #expect(second.state == .inProgress && second.cancelCalls == 0)
        #expect(consumer.pushes == ["list [b.zip 0%]"], "off the list, no toast")
        mediator.cancelDownload(first.identifier)
        mediator.cancelDownload(999)
        #expect(first.cancelCalls == 1, "an ended download is not asked again")
    }

    @Test func aWindowOpenedDuringADownloadListsIt() {
        let running = context.simulateDownloadStarted(fileName: "big.iso", expectedBytes: 100)
        running.simulateReceived(40)
        let mediator = makeMediator()
        #expect(consumer.pushes == ["list [big.iso 40%]"])
        _ = mediator
    }

    @Test func everyWindowOfTheProfileListsTheDownloadAndEitherCanCancelIt() {
        let other = RecordingDownloadsConsumer()
        let first = makeMediator()
        let second = DownloadsMediator(context: context)
        second.consumer = other
        let task = context.simulateDownloadStarted(fileName: "a.zip", expectedBytes: 10)
        #expect(consumer.items.map(\.id) == [task.identifier])
        #expect(other.items.map(\.id) == [task.identifier])
        second.cancelDownload(task.identifier)
        #expect(task.cancelCalls == 1)
        #expect(consumer.items.isEmpty && other.items.isEmpty)

        let next = context.simulateDownloadStarted(fileName: "b.zip", expectedBytes: 10)
        first.cancelDownload(next.identifier)
        #expect(next.cancelCalls == 1)
        #expect(consumer.items.isEmpty && other.items.isEmpty)
    }

    @Test func nothingIsPushedAfterDisconnect() {
        let mediator = makeMediator()
        mediator.disconnect()
        consumer.pushes.removeAll()
        context.simulateDownloadStarted(fileName: "a.zip").simulateEnd()
        #expect(consumer.pushes.isEmpty)
        #expect(context.downloadObservers.isEmpty)
    }

    @Test func aCommandAfterDisconnectFailsNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let engine = FakeWebEngine()
                let mediator = DownloadsMediator(context: engine.defaultContext)
                mediator.disconnect()
                mediator.cancelDownload(1)
            }
        }.expectPreconditionMessage("DownloadsMediator.cancelDownload(_:) used after disconnect()")
    }
}
