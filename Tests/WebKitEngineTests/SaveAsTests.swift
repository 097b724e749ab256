import Foundation
import LocalHTTPServer
import Web
@_spi(Testing) import WebKitEngine
import WebTestSupport
import XCTest

/// Save Link As…, Save Image As… and Save Page As… after the user chose where: the file is
/// written there, on WebKit.
final class SaveAsTests: WebKitTestCase, @unchecked Sendable {
    /// A tab showing /a of a persistent context whose downloads would go to the profile's
    /// `Downloads`.
    @MainActor
    private func makeTab() -> (WebState, URL) {
        let context = makePersistentContext()
        let downloads = profileDirectory.appendingPathComponent("Downloads")
        context.downloadDirectory = downloads
        let webState = WebState(params: .init(context: context))
        let recorder = WebStateEventRecorder(observing: [webState])
        webState.load(server.url("/a"))
        wait("/a") { recorder.count("pageLoaded") == 1 }
        return (webState, downloads)
    }

    func testADownloadOfALinkIsWrittenWhereTheUserChoseReplacingTheFileThere() throws {
        try onMainActor {
            let body = Data((0..<4096).map { UInt8($0 % 251) })
            server.route("/red.png", HTTPResponse(headers: ["Content-Type": "image/png"], body: body))
            let (webState, downloads) = makeTab()
            defer { webState.close() }
            let chosen = profileDirectory.appendingPathComponent("chosen/picture.png")
            try FileManager.default.createDirectory(
                at: chosen.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("an older file".utf8).write(to: chosen)

            webState.download(server.url("/red.png"), to: chosen)
            wait("the file written") { (try? Data(contentsOf: chosen)) == body }
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: downloads.path),
                "nothing went to the download directory")
        }
    }

    func testSavingThePageWritesItAsOneMHTMLFile() throws {
        try onMainActor {
            let (webState, _) = makeTab()
            defer { webState.close() }
            let chosen = profileDirectory.appendingPathComponent("Page A.mhtml")
            var saved: Bool?
            webState.savePage(to: chosen) { saved = $0 }
            wait("the page saved") { saved != nil }
            XCTAssertEqual(saved, true)
            let text = try String(contentsOf: chosen, encoding: .utf8)
            XCTAssertTrue(text.contains("Subject: Page A"), text)
            XCTAssertTrue(text.contains("multipart/related"), text)
            XCTAssertTrue(text.contains("<title>Page A</title>"), text)
        }
    }
}
