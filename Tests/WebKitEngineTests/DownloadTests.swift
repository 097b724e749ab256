import Foundation
import LocalHTTPServer
import Web
@_spi(Testing) import WebKitEngine
import XCTest

/// Records the downloads a context reports.
@MainActor
private final class RecordingDownloadObserver: DownloadObserver {
    var finished: [URL] = []
    var failures: [String] = []

    func downloadFinished(_ file: URL) { finished.append(file) }
    func downloadFailed(_ file: URL?, message: String) { failures.append(message) }
}

final class DownloadTests: WebKitTestCase, @unchecked Sendable {
    func testAnAttachmentIsSavedUnderAUniqueNameInTheDownloadDirectory() throws {
        try onMainActor {
            let body = Data("zip bytes".utf8)
            server.route(
                "/report",
                HTTPResponse(
                    headers: [
                        "Content-Type": "application/zip",
                        "Content-Disposition": "attachment; filename=\"report.zip\"",
                    ],
                    body: body))
            let directory = profileDirectory.appendingPathComponent("Downloads")
            let context = makePersistentContext()
            context.downloadDirectory = directory
            let observer = RecordingDownloadObserver()
            context.addDownloadObserver(observer)
            let content = context.makeWebKitWebContent()
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
            let context = makePersistentContext()
            context.downloadDirectory = profileDirectory.appendingPathComponent("Downloads")
            let observer = RecordingDownloadObserver()
            context.addDownloadObserver(observer)
            let content = context.makeWebKitWebContent()
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
            let context = makePersistentContext()
            context.downloadDirectory = profileDirectory.appendingPathComponent("Downloads")
            let observer = RecordingDownloadObserver()
            context.addDownloadObserver(observer)
            let content = context.makeWebKitWebContent()
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
}
