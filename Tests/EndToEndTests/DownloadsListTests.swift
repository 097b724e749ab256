import Foundation
import LocalHTTPServer
import XCTest

/// The downloads list as a person uses it: a download from the local server is listed in the
/// header bar's popover, and its Open button opens the file with the desktop's default
/// application — here one the test registers (a desktop entry and `mimeapps.list` in the
/// browser's private XDG directories) that writes down the address it was given.
final class DownloadsListTests: BrowserTestCase, @unchecked Sendable {
    /// A home and XDG directories of the test's own, with a default application for text
    /// files that appends its argument to `opened`.
    struct Desktop {
        let root: URL
        var home: URL { root.appendingPathComponent("home") }
        var downloads: URL { home.appendingPathComponent("Downloads") }
        var opened: URL { root.appendingPathComponent("opened") }
        var environment: [String: String] {
            [
                "HOME": home.path, "XDG_DATA_HOME": root.appendingPathComponent("data").path,
                "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            ]
        }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent(
                "swiftlet-e2e-desktop-\(UUID())")
            let files = FileManager.default
            let applications = root.appendingPathComponent("data/applications")
            for directory in [home, applications, root.appendingPathComponent("config")] {
                try files.createDirectory(at: directory, withIntermediateDirectories: true)
            }
            let opener = root.appendingPathComponent("opener.sh")
            try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(opened.path)'\n".write(
                to: opener, atomically: true, encoding: .utf8)
            try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
            try """
            [Desktop Entry]
            Type=Application
            Name=Swiftlet Test Opener
            Exec=\(opener.path) %u
            MimeType=text/plain;application/octet-stream;inode/directory;
            NoDisplay=true

            """.write(
                to: applications.appendingPathComponent("swiftlet-test-opener.desktop"), atomically: true,
                encoding: .utf8)
            try """
            [Default Applications]
            text/plain=swiftlet-test-opener.desktop
            application/octet-stream=swiftlet-test-opener.desktop
            inode/directory=swiftlet-test-opener.desktop

            """.write(
                to: root.appendingPathComponent("config/mimeapps.list"), atomically: true, encoding: .utf8)
        }
    }

    func testADownloadIsListedAndOpenLaunchesItsFile() throws {
        let desktop = try Desktop()
        defer { try? FileManager.default.removeItem(at: desktop.root) }
        let name = "notes-\(UUID().uuidString.prefix(8)).txt"
        let body = Data("notes to open\n".utf8)
        server.route("/\(name)", .attachment(body, filename: name, contentType: "text/plain"))
        let browser = try launch([url("/\(name)")], environment: desktop.environment)
        let file = desktop.downloads.appendingPathComponent(name)
        XCTAssertTrue(
            eventually { (try? Data(contentsOf: file)) == body }, "the file was never saved at \(file.path)")
        let app = try XCTUnwrap(accessibleApplication(browser))

        let button = try XCTUnwrap(
            waitForNode(in: app) { $0.name == "Downloads" && $0.role.contains("button") },
            "no downloads button")
        let open = "Open “\(name)”"
        if !button.click() || waitForNode(in: app, { $0.name == open }) == nil {
            let center = try XCTUnwrap(button.centerInWindow)
            Pointer.click(x: center.x, y: center.y, inWindowOf: browser.process.processIdentifier)
        }
        let openButton = try XCTUnwrap(
            waitForNode(in: app) { $0.role == "push button" && $0.name == open },
            "the list does not show \(name)")
        XCTAssertNotNil(app.first { $0.name == "Show “\(name)” in Folder" })
        XCTAssertTrue(openButton.click())

        let uri = file.absoluteString
        browser.waitForEvent("launch") { $0 == "open \(uri) ok" }
        // GIO hands a local file to a `%u` entry as its path.
        let opened = { (try? String(contentsOf: desktop.opened, encoding: .utf8)) ?? "" }
        XCTAssertTrue(
            eventually { [file.path + "\n", uri + "\n"].contains(opened()) },
            "the default application was not started with the file: \(opened())")

        // No file manager answers on the test's bus: Show in Folder opens the folder.
        let show = try XCTUnwrap(
            waitForNode(in: app) { $0.role == "push button" && $0.name == "Show “\(name)” in Folder" })
        XCTAssertTrue(show.click())
        let folder = desktop.downloads.absoluteString
        browser.waitForEvent("launch") { $0 == "show-in-folder \(folder) ok" }
        XCTAssertTrue(
            eventually {
                opened().hasSuffix(desktop.downloads.path + "\n") || opened().hasSuffix(folder + "\n")
            },
            "the folder was not opened: \(opened())")
    }

    /// Opens the downloads popover (through AT-SPI, else with the pointer) and waits for a
    /// node named `name` in it.
    func openDownloads(
        in app: AccessibleNode, of browser: BrowserProcess, showing name: String
    ) -> AccessibleNode? {
        guard let button = waitForNode(in: app, { $0.name == "Downloads" && $0.role.contains("button") })
        else {
            XCTFail("no downloads button")
            return nil
        }
        if !button.click() || waitForNode(in: app, { $0.name == name }) == nil,
            let center = button.centerInWindow
        {
            Pointer.click(x: center.x, y: center.y, inWindowOf: browser.process.processIdentifier)
        }
        return waitForNode(in: app) { $0.role == "push button" && $0.name == name }
    }

    func testADownloadCutShortByACrashIsListedAsInterruptedWithItsPartialFileAndRetried() throws {
        let desktop = try Desktop()
        defer { try? FileManager.default.removeItem(at: desktop.root) }
        let name = "cut-\(UUID().uuidString.prefix(8)).iso"
        let body = Data((0..<(512 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        let sent = 64 * 1024
        server.route("/\(name)", .attachment(body, filename: name).stalling(after: sent))
        let first = try launch([url("/\(name)")], environment: desktop.environment)
        let app = try XCTUnwrap(accessibleApplication(first))
        // Listed (and so stored) while under way, with what was received.
        XCTAssertNotNil(openDownloads(in: app, of: first, showing: "Cancel the download of “\(name)”"))
        XCTAssertTrue(
            eventually {
                let files =
                    (try? FileManager.default.contentsOfDirectory(atPath: desktop.downloads.path)) ?? []
                return files.contains { file in
                    file.hasPrefix(name)
                        && ((try? FileManager.default.attributesOfItem(
                            atPath: desktop.downloads.appendingPathComponent(file).path)[.size] as? Int) ?? 0)
                            >= sent
                }
            }, "the download never wrote what it was sent")
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()

        let relaunched = try launch([], in: first.userDataDirectory, environment: desktop.environment)
        let again = try XCTUnwrap(accessibleApplication(relaunched))
        let retry = try XCTUnwrap(
            openDownloads(in: again, of: relaunched, showing: "Retry the download of “\(name)”"),
            "the download is not listed as interrupted")
        XCTAssertNotNil(again.first { $0.name == "Show “\(name)” in Folder" })
        let partial = desktop.downloads.appendingPathComponent(name + ".part")
        let kept = try Data(contentsOf: partial)
        XCTAssertGreaterThanOrEqual(kept.count, sent)
        XCTAssertEqual(kept, body.prefix(kept.count))

        // Retry downloads the address again, beside the partial file (whose name stays taken).
        // (The popover may have closed as its row went: AT-SPI's click is no pointer's.)
        XCTAssertTrue(retry.click())
        let stem = (name as NSString).deletingPathExtension
        let cancel = "Cancel the download of “\(stem) (1).iso”"
        if poll(timeout: .seconds(3), { again.first { $0.role == "push button" && $0.name == cancel } })
            == nil
        {
            XCTAssertNotNil(
                openDownloads(in: again, of: relaunched, showing: cancel), "Retry did not start it again")
        }
        XCTAssertNil(again.first { $0.name == "Retry the download of “\(name)”" }, "the old entry made way")
    }
}
