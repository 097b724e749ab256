import Downloads
import Foundation
import LocalHTTPServer
import Web
@_spi(Testing) import WebKitEngine
import XCTest

/// The downloads list over WebKit: what a real download leaves in the store.
final class DownloadHistoryTests: WebKitTestCase, @unchecked Sendable {
    func testADownloadEndsInTheStoreCompleteWithItsSizeAndURL() throws {
        try onMainActor {
            let body = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            server.route(
                "/archive", .attachment(body, filename: "archive.tar", contentType: "application/x-tar"))
            let context = makePersistentContext()
            context.downloadDirectory = profileDirectory.appendingPathComponent("Downloads")
            let storePath = profileDirectory.appendingPathComponent(DownloadStore.fileName).path
            let history = DownloadHistoryService(store: DownloadStore(path: storePath), context: context)
            let content = context.makeWebKitWebContent()
            defer { content.close() }

            content.load(server.url("/archive"))
            wait("the download") { history.records.first.map { $0.state != .inProgress } ?? false }
            history.shutdown()

            let records = DownloadStore(path: storePath).loadedRecords
            XCTAssertEqual(records.count, 1)
            let record = try XCTUnwrap(records.first)
            XCTAssertEqual(record.state, .complete)
            XCTAssertEqual(record.fileName, "archive.tar")
            XCTAssertEqual(record.url, server.url("/archive").absoluteString)
            XCTAssertEqual(record.totalBytes, Int64(body.count))
            XCTAssertEqual(record.receivedBytes, Int64(body.count))
            XCTAssertNotNil(record.endTime)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: record.destinationPath)), body)
        }
    }

    func testRetryDownloadsTheURLAgainThroughTheContext() {
        onMainActor {
            server.route("/again.txt", .attachment(Data("again".utf8), filename: "again.txt"))
            let context = makePersistentContext()
            context.downloadDirectory = profileDirectory.appendingPathComponent("Downloads")
            let history = DownloadHistoryService(store: DownloadStore(path: nil), context: context)

            context.download(server.url("/again.txt"))
            wait("the download") { history.records.first.map { $0.state == .complete } ?? false }
            XCTAssertEqual(history.records.map(\.fileName), ["again.txt"])
            XCTAssertEqual(history.records.first?.url, server.url("/again.txt").absoluteString)
        }
    }
}
