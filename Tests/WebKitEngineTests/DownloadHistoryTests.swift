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

            var read: [DownloadRecord]?
            DownloadStore(path: storePath).load { read = $0 }
            wait("the stored records") { read != nil }
            let records = read ?? []
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

/// Answers where downloads go later (on the main queue), as a save dialog would.
@MainActor
private final class LaterDestinations: DownloadDestinationDelegate {
    var answer: DownloadDestination?
    var asked: [String] = []

    func decideDestination(
        suggestedFileName: String, completion: @escaping @MainActor (DownloadDestination?) -> Void
    ) {
        asked.append(suggestedFileName)
        let answer = answer
        DispatchQueue.main.async { completion(answer) }
    }
}

final class DownloadDestinationTests: WebKitTestCase, @unchecked Sendable {
    func testTheDelegateDecidesTheFolderTheFileOrToCancelBeforeAnythingIsWritten() throws {
        try onMainActor {
            let body = Data("payload".utf8)
            server.route("/file", .attachment(body, filename: "file.dat"))
            let context = makePersistentContext()
            let standard = profileDirectory.appendingPathComponent("Downloads")
            context.downloadDirectory = standard
            let delegate = LaterDestinations()
            context.downloadDestinationDelegate = delegate
            let history = DownloadHistoryService(store: DownloadStore(path: nil), context: context)
            let content = context.makeWebKitWebContent()
            defer { content.close() }
            @MainActor func download() -> DownloadRecord {
                let count = history.records.count
                content.load(server.url("/file"))
                wait("the download") {
                    history.records.count == count + 1 && history.records.last!.state != .inProgress
                }
                return history.records.last!
            }

            let folder = profileDirectory.appendingPathComponent("Chosen folder")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            delegate.answer = .directory(folder)
            let inFolder = download()
            XCTAssertEqual(inFolder.state, .complete)
            XCTAssertEqual(inFolder.destinationPath, folder.appendingPathComponent("file.dat").path)
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("file.dat")), body)

            let chosen = folder.appendingPathComponent("renamed.bin")
            try Data("old".utf8).write(to: chosen)
            delegate.answer = .file(chosen)
            XCTAssertEqual(download().state, .complete)
            XCTAssertEqual(try Data(contentsOf: chosen), body, "the chosen file is replaced")

            delegate.answer = nil
            XCTAssertEqual(download().state, .cancelled)
            XCTAssertEqual(delegate.asked, ["file.dat", "file.dat", "file.dat"])
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: standard.appendingPathComponent("file.dat").path))
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
                ["file.dat", "renamed.bin"])
        }
    }
}
