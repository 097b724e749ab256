import Foundation
import Mediators
import Testing
import UIInterfaces
import Web
import WebTestSupport

@MainActor
struct DownloadsMediatorTests {
    let engine = FakeWebEngine()
    let consumer = RecordingDownloadsConsumer()

    @Test func aFinishedDownloadIsPushedWithItsFileName() {
        let context = engine.defaultContext
        let mediator = DownloadsMediator(context: context)
        mediator.consumer = consumer
        context.simulateDownloadFinished(URL(fileURLWithPath: "/tmp/dl/report (1).zip"))
        #expect(consumer.pushes == ["finished report (1).zip"])
        mediator.downloadFailed(nil, message: "network")
        #expect(consumer.pushes == ["finished report (1).zip", "failed -"])
    }

    @Test func nothingIsPushedAfterDisconnect() {
        let context = engine.defaultContext
        let mediator = DownloadsMediator(context: context)
        mediator.consumer = consumer
        mediator.disconnect()
        context.simulateDownloadFinished(URL(fileURLWithPath: "/tmp/dl/a.zip"))
        #expect(consumer.pushes.isEmpty)
        #expect(context.downloadObservers.isEmpty)
    }
}
