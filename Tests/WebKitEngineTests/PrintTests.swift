import CWebKitGTK
import Foundation
import LocalHTTPServer
import Web
@_spi(Testing) import WebKitEngine
import XCTest

final class PrintTests: WebKitTestCase, @unchecked Sendable {
    /// The text of the PDF at `path`, read with poppler's pdftotext.
    private func pdfText(_ path: String) throws -> String {
        let text = try runTool(
            "pdftotext", [path, "-"], missing: "pdftotext (poppler-utils) is needed to read the printed PDF")
        return String(decoding: text, as: UTF8.self)
    }

    func testAPagePrintedToAFileIsAPDFWithItsText() throws {
        let file = profileDirectory.appendingPathComponent("printed page.pdf")
        let result: Result<Void, PrintError>? = onMainActor {
            server.route(
                "/printable",
                .page(title: "Printable", body: "<h1>Quarterly results</h1><p>swiftlet prints</p>"))
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            // A view in a window, as in the browser.
            let window = gtk_window_new()!
            defer {
                gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
            }
            gtk_window_set_child(
                UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self),
                content.view.pointer?.assumingMemoryBound(to: GtkWidget.self))
            gtk_window_present(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
            load(server.url("/printable"), in: content, log: log)

            var result: Result<Void, PrintError>?
            content.printToPDF(at: file) { result = $0 }
            wait("the print to end") { result != nil }
            return result
        }
        if case .failure(let error) = result { XCTFail("printing failed: \(error)") }
        let data = try Data(contentsOf: file)
        XCTAssertTrue(data.starts(with: Data("%PDF-".utf8)), "not a PDF: \(data.prefix(16))")
        let text = try pdfText(file.path)
        XCTAssertTrue(text.contains("Quarterly results"), text)
        XCTAssertTrue(text.contains("swiftlet prints"), text)
    }

    func testPrintingAClosedContentFails() {
        onMainActor {
            let content = makePersistentContext().makeWebKitWebContent()
            content.close()
            var result: Result<Void, PrintError>?
            content.printToPDF(at: profileDirectory.appendingPathComponent("never.pdf")) { result = $0 }
            guard case .failure = result else {
                return XCTFail("expected a failure, got \(String(describing: result))")
            }
            XCTAssertFalse(
                FileManager.default.fileExists(
                    atPath: profileDirectory.appendingPathComponent("never.pdf").path))
        }
    }
}
