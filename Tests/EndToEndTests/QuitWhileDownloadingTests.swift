import Foundation
import LocalHTTPServer
import XCTest

/// Quitting with a download under way asks first, and never deletes what was downloaded:
/// the real `swiftlet` downloading from a server that stalls half-way, its question found
/// and answered through AT-SPI.
final class QuitWhileDownloadingTests: BrowserTestCase, @unchecked Sendable {
    let body = Data((0..<(1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 * 31) })
    let sent = 64 * 1024

    /// Where the browser saves downloads: `~/Downloads` of the private home the tests run in
    /// (it has no XDG user directories).
    var downloads: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["HOME"] ?? NSTemporaryDirectory())
            .appendingPathComponent("Downloads")
    }

    func files(named prefix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: downloads.path)) ?? []).filter {
            $0.hasPrefix(prefix)
        }.sorted()
    }

    func size(_ name: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: downloads.appendingPathComponent(name).path)[.size]
            as? Int) ?? 0
    }

    /// The button `name` of the question's dialog (GTK 4.8 names a libadwaita dialog's
    /// button after its own label and its child's: "Wait Wait").
    func button(_ name: String, in app: AccessibleNode) -> AccessibleNode? {
        let dialog = waitForNode(in: app) { $0.role == "dialog" && $0.name == "Quit while downloading?" }
        return dialog?.first { $0.role == "push button" && [name, "\(name) \(name)"].contains($0.name) }
    }

    func testQuittingWhileDownloadingAsksAndQuitAnywayKeepsThePartialFile() throws {
        let name = "stalled-\(UUID().uuidString.prefix(8)).iso"
        server.route("/\(name)", .attachment(body, filename: name).stalling(after: sent))
        let browser = try launch([url("/\(name)")])
        // Everything sent before the stall is written (WebKit writes beside the destination).
        XCTAssertTrue(
            eventually { self.files(named: name).contains { self.size($0) >= self.sent } },
            "the download never started: \(files(named: name))")
        let app = try XCTUnwrap(accessibleApplication(browser))

        // Closing the last window asks; Cancel keeps the browser and the download.
        let close = try XCTUnwrap(app.first(role: "push button", name: "Close"))
        XCTAssertTrue(close.click())
        XCTAssertTrue(try XCTUnwrap(button("Cancel", in: app), "closing the last window did not ask").click())
        XCTAssertTrue(eventually { app.first { $0.role == "dialog" } == nil })
        XCTAssertTrue(browser.process.isRunning, "Cancel does not quit")

        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+q")
        XCTAssertTrue(try XCTUnwrap(button("Quit Anyway", in: app), "Ctrl+Q did not ask").click())
        XCTAssertTrue(browser.waitForExit(), "Quit Anyway quits")
        XCTAssertEqual(browser.process.terminationStatus, 0)

        XCTAssertEqual(files(named: name), ["\(name).part"], "only the partial file is left")
        let kept = try Data(contentsOf: downloads.appendingPathComponent("\(name).part"))
        XCTAssertGreaterThanOrEqual(kept.count, sent)
        XCTAssertEqual(kept, body.prefix(kept.count))
        try? FileManager.default.removeItem(at: downloads.appendingPathComponent("\(name).part"))
    }
}
