import Foundation
import GRDB
import XCTest

/// The Import dialog as a person uses it: the main menu opens it, it lists the browsers found
/// in the home directory, and an import ends with its report and the pages in the History
/// window.
final class ImportDialogTests: BrowserTestCase, @unchecked Sendable {
    /// A home with a Chromium profile named “Person 1”: a bookmark in a folder, and one typed
    /// visit an hour ago to a page titled “Kept page from Chromium”.
    func homeWithChromium() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swiftlet-e2e-home-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: home) }
        let chromium = home.appendingPathComponent(".config/chromium")
        let profile = chromium.appendingPathComponent("Default")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        try Data(#"{"profile": {"info_cache": {"Default": {"name": "Person 1"}}}}"#.utf8)
            .write(to: chromium.appendingPathComponent("Local State"))
        let bookmarks = """
            {"roots": {"bookmark_bar": {"id": "1", "name": "Bar", "type": "folder", "children": [
                {"id": "4", "name": "Docs", "type": "folder", "children": [
                  {"id": "5", "name": "MDN", "type": "url", "url": "https://developer.mozilla.org/"}]}]},
              "other": {"id": "2", "name": "Other", "type": "folder", "children": []}}}
            """
        try Data(bookmarks.utf8).write(to: profile.appendingPathComponent("Bookmarks"))
        let history = try DatabaseQueue(path: profile.appendingPathComponent("History").path)
        let time = Int64((Date().timeIntervalSince1970 - 3600 + 11_644_473_600) * 1_000_000)
        try history.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE meta(key LONGVARCHAR NOT NULL UNIQUE PRIMARY KEY, value LONGVARCHAR);
                    CREATE TABLE urls(id INTEGER PRIMARY KEY AUTOINCREMENT,url LONGVARCHAR,title LONGVARCHAR,
                      visit_count INTEGER DEFAULT 0 NOT NULL,typed_count INTEGER DEFAULT 0 NOT NULL,
                      last_visit_time INTEGER NOT NULL,hidden INTEGER DEFAULT 0 NOT NULL);
                    CREATE TABLE visits(id INTEGER PRIMARY KEY AUTOINCREMENT,url INTEGER NOT NULL,
                      visit_time INTEGER NOT NULL,from_visit INTEGER,transition INTEGER DEFAULT 0 NOT NULL);
                    """)
            try db.execute(
                sql:
                    "INSERT INTO urls VALUES (1, 'https://kept.test/', 'Kept page from Chromium', 1, 1, ?, 0)",
                arguments: [time])
            // A typed visit, a chain of its own (CHAIN_START | CHAIN_END).
            try db.execute(
                sql: "INSERT INTO visits (url, visit_time, transition) VALUES (1, ?, ?)",
                arguments: [time, 1 | 0x1000_0000 | 0x2000_0000])
        }
        try history.close()
        // The test's GTK settings (animations off) go along to the new configuration directory.
        if let configuration = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"] {
            let settings = URL(fileURLWithPath: configuration).appendingPathComponent("gtk-4.0")
            try? FileManager.default.copyItem(
                at: settings, to: home.appendingPathComponent(".config/gtk-4.0"))
        }
        return home
    }

    func testTheDialogListsChromiumAndItsImportShowsTheReportAndTheHistory() throws {
        let home = try homeWithChromium()
        let browser = try launch(
            ["about:blank"],
            environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path])
        browser.waitForEvent("window-shown")
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("F10")
        let item = try XCTUnwrap(
            waitForNode(in: app) { $0.name == "Import Bookmarks and History…" }, "the main menu's entry")
        XCTAssertTrue(item.click())
        browser.waitForEvent("import-shown")
        let importButton = try XCTUnwrap(
            waitForNode(in: app) { $0.role == "push button" && $0.name == "Import Chromium — Person 1" },
            "the dialog lists the Chromium profile")
        XCTAssertNotNil(app.first { $0.name == "Choose From a File…" }, "and From a File…")
        XCTAssertTrue(importButton.click())
        XCTAssertNotNil(
            waitForNode(in: app) { $0.name == "Imported from Chromium — Person 1" }, "the report's heading")
        XCTAssertNotNil(
            waitForNode(in: app) {
                $0.name.contains("1 bookmark and 1 folder added") && $0.name.contains("1 history entry added")
            }, "the report")
        Keyboard.press("Escape")
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+h")
        browser.waitForEvent("history-shown")
        let history = try XCTUnwrap(
            waitForNode(in: app) { $0.role == "frame" && $0.name == "History" }, "the History window")
        XCTAssertNotNil(
            waitForNode(in: history) { $0.name == "Kept page from Chromium" }, "the imported visit")
    }

    func testTheCommandLineRefusesWhileTheWindowRuns() throws {
        let home = try homeWithChromium()
        let browser = try launch(["about:blank"])
        browser.waitForEvent("window-shown")
        let command = Process()
        command.executableURL = URL(fileURLWithPath: try XCTUnwrap(BrowserProcess.executable()))
        command.arguments = ["import", "chromium", "--user-data-dir", browser.userDataDirectory.path]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFTLET_APP_ID"] = browser.applicationID
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
        command.environment = environment
        let errors = Pipe()
        command.standardError = errors
        command.standardOutput = FileHandle.nullDevice
        try command.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        command.waitUntilExit()
        XCTAssertEqual(command.terminationStatus, 1)
        XCTAssertTrue(message.contains("Swiftlet is running"), message)
    }
}
