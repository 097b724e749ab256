import Bookmarks
import Foundation
import GRDB
import Testing

/// A file the store cannot use is left as it was found: set aside byte for byte when damaged,
/// not touched at all when a newer version wrote it.
@MainActor
struct BookmarkStoreUntouchedFileTests {
    @Test func aDamagedFileThatSQLiteOpensIsSetAsideByteForByte() async throws {
        let fixture = BookmarkFixture()
        try FileManager.default.createDirectory(at: fixture.directory, withIntermediateDirectories: true)
        // A database in rollback-journal mode, as an older or foreign writer leaves it, whose
        // header is sound and whose table pages are not: opening it for writing in WAL mode
        // would rewrite the header's journal bytes before the damage is found.
        let database = try DatabaseQueue(path: fixture.path)
        try await database.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE bookmarks(id INTEGER PRIMARY KEY, guid TEXT NOT NULL UNIQUE, \
                    parent_id INTEGER NOT NULL, position INTEGER NOT NULL, type INTEGER NOT NULL, \
                    title TEXT NOT NULL, url TEXT, date_added INTEGER NOT NULL, \
                    date_last_used INTEGER NOT NULL DEFAULT 0, date_modified INTEGER NOT NULL DEFAULT 0)
                    """)
            for id in 3..<600 {
                try db.execute(
                    sql: "INSERT INTO bookmarks VALUES (?, ?, 1, ?, 2, ?, ?, 0, 0, 0)",
                    arguments: [id, UUID().uuidString, id, "title \(id)", "https://example.test/\(id)"])
            }
        }
        try database.close()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
        let pageSize = 4096
        #expect(bytes.count > 6 * pageSize)
        bytes.replaceSubrange(
            (3 * pageSize)..<(5 * pageSize), with: Data(repeating: 0xA5, count: 2 * pageSize))
        try bytes.write(to: URL(fileURLWithPath: fixture.path))

        let model = await fixture.launch()

        guard case .damaged(let setAside, _, false) = model.problem else {
            Issue.record("no damage reported: \(String(describing: model.problem))")
            return
        }
        #expect(setAside == fixture.setAsidePath)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.setAsidePath)) == bytes)
        #expect(model.outline == "Menu[] Other[]")
        model.shutdown()
    }

    @Test func aFileOfANewerVersionIsLeftAsItIsAndTheBookmarksLiveInMemory() async throws {
        let fixture = BookmarkFixture()
        let first = await fixture.launch()
        first.addURLs(["a"], to: first.bookmarksMenu)
        first.shutdown()
        let database = try DatabaseQueue(path: fixture.path)
        try await database.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        }
        try database.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.path))

        let model = await fixture.launch()
        model.addURLs(["b"], to: model.bookmarksMenu)
        model.shutdown()

        #expect(model.problem == .newerVersion)
        #expect(model.outline == "Menu[a, b] Other[]")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path)) == before)
        #expect(!FileManager.default.fileExists(atPath: fixture.setAsidePath))
    }
}
