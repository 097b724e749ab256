import Foundation
import Mediators
import Testing
import UIInterfaces
import Web
import WebTestSupport

/// The question before quitting with downloads under way, and what each answer does, over
/// the fake engine's downloads in two contexts (a profile and its incognito one).
@MainActor
struct QuitWhileDownloadingMediatorTests {
    final class Recorder: QuitWhileDownloadingConsumer {
        var events: [String] = []
        func askToQuitWhileDownloading(count: Int) { events.append("ask \(count)") }
    }

    let engine = FakeWebEngine()
    let incognito: FakeWebEngineContext
    let recorder = Recorder()
    let mediator: QuitWhileDownloadingMediator

    init() {
        let engine = engine
        let incognito = engine.makeFakeContext(storage: .ephemeral)
        let recorder = recorder
        self.incognito = incognito
        mediator = QuitWhileDownloadingMediator(
            contexts: { [engine.defaultContext, incognito] }, quit: { recorder.events.append("quit") },
            windowsStay: { recorder.events.append("stays") })
        mediator.consumer = recorder
    }

    /// Two downloads under way (one per context) and one that ended already.
    func startDownloads() -> [FakeDownloadTask] {
        let done = engine.defaultContext.simulateDownloadStarted(fileName: "done.zip")
        done.simulateEnd()
        return [
            engine.defaultContext.simulateDownloadStarted(fileName: "a.iso", expectedBytes: 100),
            incognito.simulateDownloadStarted(fileName: "b.iso"),
        ]
    }

    @Test func withoutDownloadsUnderWayItQuitsWithoutAsking() {
        let done = engine.defaultContext.simulateDownloadStarted(fileName: "done.zip")
        done.simulateEnd()
        mediator.requestQuit()
        #expect(recorder.events == ["quit"])
    }

    @Test func withDownloadsUnderWayItAsksAndLeavesThemAlone() {
        let tasks = startDownloads()
        mediator.requestQuit()
        #expect(recorder.events == ["ask 2"])
        #expect(tasks.allSatisfy { $0.state == .inProgress && $0.cancelCalls == 0 && $0.interruptCalls == 0 })
    }

    @Test func quitAnywayInterruptsTheDownloadsKeepingTheirFilesAndQuits() {
        let tasks = startDownloads()
        mediator.requestQuit()
        mediator.quitAnyway()
        #expect(recorder.events == ["ask 2", "quit"])
        #expect(tasks.map(\.cancelCalls) == [0, 0], "no download is cancelled: that deletes its file")
        #expect(tasks.map(\.interruptCalls) == [1, 1])
        #expect(
            tasks.map(\.state) == [
                .interrupted(partialFile: URL(fileURLWithPath: "/tmp/downloads/a.iso.part")),
                .interrupted(partialFile: URL(fileURLWithPath: "/tmp/downloads/b.iso.part")),
            ])
    }

    @Test func waitQuitsOnceTheLastDownloadEnds() {
        let tasks = startDownloads()
        mediator.requestQuit()
        mediator.quitWhenDownloadsFinish()
        #expect(mediator.isWaitingForDownloads)
        tasks[0].simulateReceived(50)
        tasks[0].simulateEnd()
        #expect(recorder.events == ["ask 2", "stays"], "one download is still under way")
        tasks[1].simulateEnd(failure: "connection lost")
        #expect(recorder.events == ["ask 2", "stays", "quit"])
        #expect(!mediator.isWaitingForDownloads)
        #expect(tasks.map(\.interruptCalls) == [0, 0])
        #expect(tasks.map(\.cancelCalls) == [0, 0])
    }

    @Test func cancelKeepsTheWindowsAndTheDownloadsAndStopsAWait() {
        let tasks = startDownloads()
        mediator.requestQuit()
        mediator.quitWhenDownloadsFinish()
        mediator.requestQuit()
        mediator.cancelQuit()
        #expect(!mediator.isWaitingForDownloads)
        for task in tasks { task.simulateEnd() }
        #expect(recorder.events == ["ask 2", "stays", "ask 2", "stays"], "it does not quit when they end")
        #expect(tasks.map(\.cancelCalls) == [0, 0])
    }

    @Test func interruptingAtTheEndOfTheRunKeepsEveryPartialFile() {
        let tasks = startDownloads()
        mediator.interruptDownloads()
        #expect(tasks.map(\.interruptCalls) == [1, 1])
        #expect(recorder.events.isEmpty)
    }
}
