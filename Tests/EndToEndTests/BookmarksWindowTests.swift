import Foundation
import GRDB
import XCTest

/// The Bookmarks window as a person uses it: Ctrl+Shift+O, a new folder, two bookmarks
/// deleted at once and brought back with the toast's Undo.
final class BookmarksWindowTests: BrowserTestCase, @unchecked Sendable {
    /// A user data directory whose profile's `Bookmarks.db` holds `titles` in the Bookmarks
    /// Menu (the file as the browser writes it: its table and the migration that made it).
    func profile(withBookmarks titles: [String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swiftlet-e2e-\(UUID().uuidString)")
        let profile = directory.appendingPathComponent("Default")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let database = try DatabaseQueue(path: profile.appendingPathComponent("Bookmarks.db").path)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE bookmarks(id INTEGER PRIMARY KEY, guid TEXT NOT NULL UNIQUE, \
                    parent_id INTEGER NOT NULL, position INTEGER NOT NULL, type INTEGER NOT NULL, \
                    title TEXT NOT NULL, url TEXT, date_added INTEGER NOT NULL, \
                    date_last_used INTEGER NOT NULL DEFAULT 0, date_modified INTEGER NOT NULL DEFAULT 0)
                    """)
            try db.execute(sql: "CREATE INDEX bookmarks_parent_index ON bookmarks (parent_id, position)")
            try db.execute(sql: "CREATE INDEX bookmarks_url_index ON bookmarks (url)")
        }
        try migrator.migrate(database)
        // 2023-11-14 in microseconds since 1601.
        let date: Int64 = 13_344_473_600_000_000
        try database.write { db in
            for (id, title) in [(1, "Bookmarks Menu"), (2, "Other Bookmarks")] {
                try db.execute(
                    sql: "INSERT INTO bookmarks VALUES (?, ?, 0, ?, 0, ?, NULL, ?, 0, 0)",
                    arguments: [id, UUID().uuidString.lowercased(), id - 1, title, date])
            }
            for (index, title) in titles.enumerated() {
                try db.execute(
                    sql: "INSERT INTO bookmarks VALUES (?, ?, 1, ?, 2, ?, ?, ?, 0, 0)",
                    arguments: [
                        index + 3, UUID().uuidString.lowercased(), index, title,
                        "https://\(title.lowercased()).test/", date,
                    ])
            }
        }
        try database.close()
        return directory
    }

    /// Runs xdotool's `commands` on the Bookmarks window.
    @discardableResult
    func inBookmarksWindow(_ commands: [String]) -> Bool {
        Keyboard.xdotool(
            ["search", "--onlyvisible", "--name", "^Bookmarks$", "windowfocus", "--sync"] + commands)
    }

    /// Clicks `node` (in the Bookmarks window) holding `modifiers`.
    func click(_ node: AccessibleNode, holding modifiers: [String] = []) throws {
        let center = try XCTUnwrap(poll { node.centerInWindow }, "\(node.name)'s place in the window")
        inBookmarksWindow(
            ["mousemove", "--window", "%1", String(center.x), String(center.y)]
                + modifiers.flatMap { ["keydown", $0] } + ["click", "1"]
                + modifiers.reversed().flatMap { ["keyup", $0] })
    }

    func testCtrlShiftOMakesAFolderDeletesTwoBookmarksAtOnceAndUndoBringsThemBack() throws {
        let directory = try profile(withBookmarks: ["Alpha", "Beta", "Gamma"])
        let browser = try launch(["about:blank"], in: directory)
        browser.waitForEvent("window-shown")
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+shift+o")
        browser.waitForEvent("bookmarks-shown")
        let window = try XCTUnwrap(
            waitForNode(in: app) { $0.role == "frame" && $0.name == "Bookmarks" }, "the Bookmarks window")
        let alpha = try XCTUnwrap(waitForNode(in: window) { $0.name == "Alpha" }, "Alpha's row")
        XCTAssertNotNil(window.first { $0.name == "Other Bookmarks" }, "the tree")

        // A new folder, named in its dialog.
        let newFolder = try XCTUnwrap(window.first { $0.name == "New Folder" && $0.role.hasSuffix("button") })
        XCTAssertTrue(newFolder.click())
        XCTAssertNotNil(waitForNode(in: app) { $0.role == "dialog" || $0.name == "Add" }, "the dialog")
        Keyboard.xdotool(
            ["search", "--onlyvisible", "--name", "^New Folder$", "windowfocus", "--sync"])
        Keyboard.press("ctrl+a")
        Keyboard.type("Projects")
        Keyboard.press("Return")
        XCTAssertNotNil(waitForNode(in: window) { $0.name == "Projects" }, "the new folder's row")

        // Alpha and Beta selected together and deleted with one key.
        try click(alpha)
        let beta = try XCTUnwrap(window.first { $0.name == "Beta" }, "Beta's row")
        try click(beta, holding: ["ctrl"])
        inBookmarksWindow(["key", "Delete"])
        XCTAssertNotNil(waitForNode(in: window) { $0.name == "2 bookmarks deleted" }, "the toast")
        XCTAssertTrue(
            eventually { window.first { $0.name == "Alpha" || $0.name == "Beta" } == nil },
            "both rows went")
        XCTAssertNotNil(window.first { $0.name == "Gamma" }, "Gamma stays")

        // GTK 4.8 names the toast's button after its label twice ("Undo Undo").
        let undo = try XCTUnwrap(
            window.first { $0.name.hasPrefix("Undo") && $0.role.hasSuffix("button") }, "the toast's Undo")
        XCTAssertTrue(undo.click())
        XCTAssertNotNil(waitForNode(in: window) { $0.name == "Alpha" }, "Alpha is back")
        XCTAssertNotNil(waitForNode(in: window) { $0.name == "Beta" }, "Beta is back")
    }

    /// Rows dragged with the mouse: one onto a folder of the tree moves into it, one onto
    /// another row goes before it. The windows are at the screen's top left corner (no window
    /// manager), so a node's place in its window is its place on the screen.
    func testDraggingMovesARowIntoAFolderAndBeforeAnotherRow() throws {
        let directory = try profile(withBookmarks: ["Alpha", "Beta", "Gamma"])
        let browser = try launch(["about:blank"], in: directory)
        browser.waitForEvent("window-shown")
        let app = try XCTUnwrap(accessibleApplication(browser))
        Keyboard.focusWindow(of: browser.process.processIdentifier)
        Keyboard.press("ctrl+shift+o")
        browser.waitForEvent("bookmarks-shown")
        let window = try XCTUnwrap(
            waitForNode(in: app) { $0.role == "frame" && $0.name == "Bookmarks" }, "the Bookmarks window")
        let list = try XCTUnwrap(waitForNode(in: window) { $0.role == "list" && $0.name == "Bookmarks" })
        /// The titles of the list's rows, in order.
        func rows() -> [String] {
            list.all { $0.role == "label" }.map(\.name).filter { !$0.hasPrefix("https://") && $0 != "Folder" }
        }
        XCTAssertTrue(eventually { rows() == ["Alpha", "Beta", "Gamma"] }, "\(rows())")

        // Gamma before Alpha.
        let gamma = try XCTUnwrap(poll { list.first { $0.name == "Gamma" }?.centerInWindow })
        let alpha = try XCTUnwrap(poll { list.first { $0.name == "Alpha" }?.centerInWindow })
        inBookmarksWindow([])
        Pointer.drag(from: gamma, through: [(gamma.x, gamma.y - 20), (alpha.x, alpha.y + 10), alpha])
        XCTAssertTrue(eventually { rows() == ["Gamma", "Alpha", "Beta"] }, "\(rows())")

        // Beta into Other Bookmarks, in the tree.
        let other = try XCTUnwrap(poll { window.first { $0.name == "Other Bookmarks" }?.centerInWindow })
        let beta = try XCTUnwrap(poll { list.first { $0.name == "Beta" }?.centerInWindow })
        Pointer.drag(from: beta, through: [(beta.x, beta.y - 20), (other.x + 40, other.y), other])
        XCTAssertTrue(eventually { rows() == ["Gamma", "Alpha"] }, "\(rows())")
        try click(try XCTUnwrap(window.first { $0.name == "Other Bookmarks" }))
        XCTAssertTrue(eventually { rows() == ["Beta"] }, "\(rows())")
    }
}
