import Bookmarks
import Foundation
import GRDB
import Testing

/// `<profile>/Bookmarks.db`: every change written at once, the backup written at each launch,
/// a damaged file set aside and the backup restored.
@MainActor
struct BookmarkStoreTests {
    @Test func everyChangeIsInTheFileOnceTheWriterQueueHasRunWithoutAShutdown() async throws {
        let fixture = BookmarkFixture()
        let model = await fixture.launch()
        let folder = model.addFolder(to: model.otherBookmarks, at: 0, title: "F")
        let page = model.addURL(to: folder, at: 0, title: "Café <&>", url: BookmarkFixture.url("caf%C3%A9"))

        model.store.flush()

        // Another connection, as the next launch after a kill would open it.
        let database = try DatabaseQueue(path: fixture.path)
        let rows = try database.read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT id, guid, parent_id, position, type, title, url, date_added FROM bookmarks ORDER BY id"
            )
        }
        #expect(rows.count == 4)
        let row = try #require(rows.last)
        #expect(row[0] as Int64 == page.id)
        #expect(row[1] as String == page.guid.uuidString.lowercased())
        #expect(row[2] as Int64 == folder.id)
        #expect(row[3] as Int64 == 0)
        #expect(row[5] as String == "Café <&>")
        #expect(row[6] as String == "https://example.test/caf%C3%A9")
        // 1_700_000_000 s after 1970 is 13_344_473_600 s after 1601, Chromium's epoch.
        #expect(row[7] as Int64 == 13_344_473_600_000_000)
        try database.close()
        model.shutdown()
    }

    @Test func aLaunchFindsTheTreeWithItsIDsGUIDsAndDates() async {
        let fixture = BookmarkFixture()
        let model = await fixture.launch()
        let folder = model.addFolder(to: model.bookmarksMenu, at: 0, title: "F")
        fixture.now += 0.123456
        let page = model.addURL(to: folder, at: 0, title: "a", url: BookmarkFixture.url("a"))
        model.addURLs(["b", "c"], to: model.otherBookmarks)
        model.setTitle(page, "A")
        model.shutdown()

        let reopened = await fixture.launch()

        #expect(reopened.outline == "Menu[F[A]] Other[b, c]")
        let found = reopened.node(id: page.id)
        #expect(found?.guid == page.guid)
        #expect(found?.dateAdded == page.dateAdded)
        #expect(found?.dateModified == page.dateModified)
        #expect(reopened.node(id: folder.id)?.dateModified == folder.dateModified)
        #expect(reopened.bookmarksMenu.dateModified == model.bookmarksMenu.dateModified)
        #expect(reopened.isBookmarked(BookmarkFixture.url("a")))
        // New ids follow the stored ones.
        let next = reopened.addURL(
            to: reopened.otherBookmarks, at: 0, title: "d", url: BookmarkFixture.url("d"))
        #expect(next.id > page.id)
        reopened.shutdown()
    }

    @Test func aBackupOfTheFileAsLoadedIsWrittenAtEachLaunch() async throws {
        let fixture = BookmarkFixture()
        let first = await fixture.launch()
        first.addURLs(["a"], to: first.bookmarksMenu)
        first.shutdown()
        let second = await fixture.launch()
        second.addURLs(["b"], to: second.bookmarksMenu)
        second.shutdown()

        // The backup holds what the second launch loaded, not what it added after.
        let backup = try DatabaseQueue(path: fixture.backupPath)
        let titles = try await backup.read { db in
            try String.fetchAll(db, sql: "SELECT title FROM bookmarks WHERE type = 2 ORDER BY id")
        }
        #expect(titles == ["a"])
        try backup.close()
        #expect(!FileManager.default.fileExists(atPath: fixture.backupPath + ".new"))
    }

    @Test func aDamagedFileIsSetAsideAndTheBackupOfTheLastLaunchRestored() async throws {
        let fixture = BookmarkFixture()
        let first = await fixture.launch()
        first.addURLs(["a"], to: first.bookmarksMenu)
        first.shutdown()
        let second = await fixture.launch()
        second.addURLs(["b"], to: second.bookmarksMenu)
        second.shutdown()
        let garbage = Data(repeating: 0x5A, count: 8192)
        try Self.damage(fixture.path, with: garbage)

        let third = await fixture.launch()

        #expect(third.outline == "Menu[a] Other[]")
        #expect(
            third.problem
                == .damaged(
                    setAsidePath: fixture.setAsidePath, reason: try #require(Self.reason(third.problem)),
                    restoredFromBackup: true))
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.setAsidePath)) == garbage)
        third.addURLs(["c"], to: third.bookmarksMenu)
        third.shutdown()
        #expect(await fixture.launch().outline == "Menu[a, c] Other[]")
    }

    @Test func aSecondDamagedFileNeverOverwritesTheFirstSetAside() async throws {
        let fixture = BookmarkFixture()
        let first = await fixture.launch()
        first.shutdown()
        try Self.damage(fixture.path, with: Data("first".utf8))
        await fixture.launch().shutdown()
        try Self.damage(fixture.path, with: Data("second".utf8))

        let model = await fixture.launch()

        #expect(try String(contentsOfFile: fixture.setAsidePath, encoding: .utf8) == "first")
        #expect(try String(contentsOfFile: fixture.setAsidePath + ".1", encoding: .utf8) == "second")
        if case .damaged(let path, _, _) = model.problem {
            #expect(path == fixture.setAsidePath + ".1")
        } else {
            Issue.record("no damage reported: \(String(describing: model.problem))")
        }
        model.shutdown()
    }

    @Test func aDamagedFileWithoutABackupStartsEmpty() async throws {
        let fixture = BookmarkFixture()
        try FileManager.default.createDirectory(at: fixture.directory, withIntermediateDirectories: true)
        try Data("not a database, not at all, not even close".utf8).write(
            to: URL(fileURLWithPath: fixture.path))

        let model = await fixture.launch()

        #expect(model.outline == "Menu[] Other[]")
        guard case .damaged(let path, _, let restored) = model.problem else {
            Issue.record("no damage reported")
            return
        }
        #expect(path == fixture.setAsidePath)
        #expect(!restored)
        model.addURLs(["a"], to: model.otherBookmarks)
        model.shutdown()
        #expect(await fixture.launch().outline == "Menu[] Other[a]")
    }

    @Test func aGoodFileReportsNoProblem() async {
        let fixture = BookmarkFixture()
        let model = await fixture.launch()
        model.shutdown()
        #expect(await fixture.launch().problem == nil)
    }

    /// Replaces the file (and its WAL) by `bytes`.
    static func damage(_ path: String, with bytes: Data) throws {
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    static func reason(_ problem: BookmarkProblem?) -> String? {
        guard case .damaged(_, let reason, _) = problem else { return nil }
        return reason
    }
}

/// A write that fails is kept and written with the next one.
@MainActor
struct BookmarkStoreWriteFailureTests {
    @Test func aFailedWriteIsReportedAndWrittenWithTheNextChange() async throws {
        let fixture = BookmarkFixture()
        let model = await fixture.launch()
        model.flush()
        // A statement that fails as a full disk would, for rows titled "fail".
        let other = try DatabaseQueue(path: fixture.path)
        try await other.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER fail BEFORE INSERT ON bookmarks WHEN NEW.title LIKE 'fail%' \
                    BEGIN SELECT RAISE(ABORT, 'disk full'); END
                    """)
        }

        model.addURLs(["fail 1"], to: model.bookmarksMenu)
        model.addURLs(["fail 2"], to: model.bookmarksMenu)
        model.flush()
        guard case .writeFailed(let reason) = model.problem else {
            Issue.record("no write failure reported: \(String(describing: model.problem))")
            return
        }
        #expect(reason.contains("disk full"))
        #expect(model.store.storedRows().filter { $0.kind == .url }.isEmpty)

        try await other.write { db in try db.execute(sql: "DROP TRIGGER fail") }
        try other.close()
        model.addURLs(["next"], to: model.otherBookmarks)
        model.shutdown()

        #expect(await fixture.launch().outline == "Menu[fail 1, fail 2] Other[next]")
    }
}
