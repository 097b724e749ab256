import Foundation
import LocalHTTPServer
import Web
@_spi(Testing) import WebKitEngine
import XCTest

/// Records the downloads a context reports.
@MainActor
private final class RecordingDownloadObserver: DownloadObserver {
    var started: [any DownloadTask] = []
    var updates = 0
    var finished: [URL] = []
    var failures: [String] = []
    var cancelled: [any DownloadTask] = []
    var interrupted: [any DownloadTask] = []

    func downloadStarted(_ task: any DownloadTask) { started.append(task) }
    func downloadUpdated(_ task: any DownloadTask) { updates += 1 }
    func downloadEnded(_ task: any DownloadTask) {
        switch task.state {
        case .finished: finished.append(task.destination!)
        case .failed(let message): failures.append(message)
        case .cancelled: cancelled.append(task)
        case .interrupted: interrupted.append(task)
        case .inProgress: failures.append("ended in progress")
        }
    }
}

final class DownloadTests: WebKitTestCase, @unchecked Sendable {
    /// A web content of a persistent context that saves downloads in the profile's
    /// `Downloads`, with an observer of the context's downloads.
    @MainActor
    private func makeDownloadingContent() -> (
        WebKitEngineContext, URL, RecordingDownloadObserver, WebKitWebContent
    ) {
        let directory = profileDirectory.appendingPathComponent("Downloads")
        let context = makePersistentContext()
        context.downloadDirectory = directory
        let observer = RecordingDownloadObserver()
        context.addDownloadObserver(observer)
        return (context, directory, observer, context.makeWebKitWebContent())
    }

    func testAnAttachmentIsSavedUnderAUniqueNameInTheDownloadDirectory() throws {
        try onMainActor {
            let body = Data("zip bytes".utf8)
            server.route(
                "/report",
                .attachment(body, filename: "report.zip", contentType: "application/zip"))
            let (_, directory, observer, content) = makeDownloadingContent()
            defer { content.close() }

            content.load(server.url("/report"))
            wait("the first download") { observer.finished.count == 1 || !observer.failures.isEmpty }
            content.load(server.url("/report"))
            wait("the second download") { observer.finished.count == 2 || !observer.failures.isEmpty }

            XCTAssertEqual(observer.failures, [])
            XCTAssertEqual(
                observer.finished.map(\.lastPathComponent), ["report.zip", "report (1).zip"])
            for file in observer.finished {
                XCTAssertEqual(
                    file.deletingLastPathComponent().standardizedFileURL.path,
                    directory.standardizedFileURL.path)
                XCTAssertEqual(try Data(contentsOf: file), body)
            }
        }
    }

    func testAResponseTheViewCannotShowIsDownloaded() throws {
        try onMainActor {
            server.route(
                "/data.bin",
                HTTPResponse(headers: ["Content-Type": "application/x-swiftlet-test"], body: Data([1, 2, 3])))
            let (_, _, observer, content) = makeDownloadingContent()
            defer { content.close() }

            content.load(server.url("/data.bin"))
            wait("the download") { !observer.finished.isEmpty || !observer.failures.isEmpty }
            XCTAssertEqual(observer.failures, [])
            let file = try XCTUnwrap(observer.finished.first)
            XCTAssertEqual(try Data(contentsOf: file), Data([1, 2, 3]))
        }
    }

    func testALinkWithTheDownloadAttributeIsDownloaded() throws {
        try onMainActor {
            server.route("/notes.txt", .text("some notes"))
            server.route(
                "/links", .html(#"<a id="link" href="/notes.txt" download="notes.txt">notes</a>"#))
            let (_, _, observer, content) = makeDownloadingContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/links"), in: content, log: log)

            _ = evaluate("document.getElementById('link').click(); true", in: content)
            wait("the download") { !observer.finished.isEmpty || !observer.failures.isEmpty }
            XCTAssertEqual(observer.failures, [])
            let file = try XCTUnwrap(observer.finished.first)
            XCTAssertEqual(file.lastPathComponent, "notes.txt")
            XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "some notes")
            XCTAssertEqual(content.lastCommittedURL, server.url("/links"), "the page stays")
        }
    }

    func testADownloadReportsItsProgressAndCompletesToAFile() throws {
        try onMainActor {
            let body = Data((0..<(600 * 1024)).map { UInt8(truncatingIfNeeded: $0 * 7) })
            server.route(
                "/big.bin",
                .attachment(body, filename: "big.bin"))
            let (context, _, observer, content) = makeDownloadingContent()
            defer { content.close() }

            content.load(server.url("/big.bin"))
            wait("the download") { !observer.finished.isEmpty || !observer.failures.isEmpty }
            XCTAssertEqual(observer.failures, [])
            XCTAssertEqual(observer.started.count, 1)
            let task = try XCTUnwrap(observer.started.first)
            XCTAssertEqual(task.state, .finished)
            XCTAssertEqual(task.expectedBytes, Int64(body.count))
            XCTAssertEqual(task.receivedBytes, Int64(body.count))
            XCTAssertEqual(task.progress, 1)
            XCTAssertGreaterThan(observer.updates, 1, "progress was reported on the way")
            XCTAssertEqual(try Data(contentsOf: XCTUnwrap(observer.finished.first)), body)
            XCTAssertTrue(context.downloadTasks.isEmpty)
        }
    }

    func testCancellingADownloadUnderWayRemovesItsPartialFile() throws {
        try onMainActor {
            let body = Data(repeating: 0x5a, count: 1024 * 1024)
            server.route(
                "/slow.bin",
                .attachment(body, filename: "slow.bin").stalling(after: 64 * 1024))
            let (context, directory, observer, content) = makeDownloadingContent()
            defer { content.close() }

            content.load(server.url("/slow.bin"))
            wait("the first bytes") { observer.started.first.map { $0.receivedBytes > 0 } ?? false }
            let task = try XCTUnwrap(observer.started.first)
            XCTAssertEqual(task.state, .inProgress)
            XCTAssertEqual(context.downloadTasks.map(\.identifier), [task.identifier])
            let progress = try XCTUnwrap(task.progress)
            XCTAssertTrue(progress > 0 && progress < 1, "\(progress)")
            let destination = try XCTUnwrap(task.destination)

            task.cancel()
            wait("the cancellation") { !observer.cancelled.isEmpty || !observer.failures.isEmpty }
            XCTAssertEqual(observer.failures, [])
            XCTAssertTrue(observer.cancelled.first === task)
            XCTAssertEqual(task.state, .cancelled)
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: destination.path), "the partial file is gone")
            let left = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            XCTAssertEqual(left, [], "nothing is left in the download directory")
            XCTAssertTrue(context.downloadTasks.isEmpty)
        }
    }

    func testInterruptingADownloadUnderWayKeepsWhatItReceivedAsAPartialFile() throws {
        try onMainActor {
            let body = Data((0..<(1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 * 13) })
            server.route(
                "/slow.iso",
                .attachment(body, filename: "slow.iso").stalling(after: 64 * 1024))
            let (context, directory, observer, content) = makeDownloadingContent()
            defer { content.close() }

            content.load(server.url("/slow.iso"))
            // Everything the server sends before it stalls (WebKit writes it before it says so).
            wait("the bytes before the stall") {
                observer.started.first.map { $0.receivedBytes >= 64 * 1024 } ?? false
            }
            let task = try XCTUnwrap(observer.started.first)
            let destination = try XCTUnwrap(task.destination)

            task.interrupt()
            wait("the interruption") { !observer.interrupted.isEmpty || !observer.failures.isEmpty }
            XCTAssertEqual(observer.failures, [])
            XCTAssertTrue(observer.interrupted.first === task)
            let partial = destination.path + ".part"
            XCTAssertEqual(task.state, .interrupted(partialFile: URL(fileURLWithPath: partial)))
            XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
            let kept = try Data(contentsOf: URL(fileURLWithPath: partial))
            XCTAssertGreaterThanOrEqual(kept.count, 64 * 1024, "the bytes received are kept")
            XCTAssertEqual(kept, body.prefix(kept.count), "as they came")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: directory.path), ["slow.iso.part"])
            XCTAssertTrue(context.downloadTasks.isEmpty)
        }
    }
}
