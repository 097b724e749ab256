import Foundation
import GRDB
import History
import Testing

/// Files the service did not write, or could not write: older, newer, damaged, full.
@MainActor
struct HistoryFileTests {
    /// Makes the file at `path` with `statements`.
    private func makeFile(_ path: String, _ statements: [String]) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let database = try DatabaseQueue(path: path)
        try database.write { db in for statement in statements { try db.execute(sql: statement) } }
        try database.close()
    }

    @Test func aFileOfTheFirstVersionIsMigratedAndKeepsItsVisits() async throws {
        let fixture = HistoryFixture()
        try makeFile(
            fixture.path,
            [
                "CREATE TABLE meta(key LONGVARCHAR NOT NULL UNIQUE PRIMARY KEY, value LONGVARCHAR)",
                "INSERT INTO meta VALUES ('version', '1'), ('last_compatible_version', '1')",
                """
                CREATE TABLE urls(id INTEGER PRIMARY KEY AUTOINCREMENT,url LONGVARCHAR,title LONGVARCHAR,\
                visit_count INTEGER DEFAULT 0 NOT NULL,typed_count INTEGER DEFAULT 0 NOT NULL,\
                last_visit_time INTEGER NOT NULL,hidden INTEGER DEFAULT 0 NOT NULL)
                """,
                "CREATE INDEX urls_url_index ON urls (url)",
                """
                CREATE TABLE visits(id INTEGER PRIMARY KEY AUTOINCREMENT,url INTEGER NOT NULL,\
                visit_time INTEGER NOT NULL,from_visit INTEGER,transition INTEGER DEFAULT 0 NOT NULL)
                """,
                "CREATE INDEX visits_url_index ON visits (url)",
                "CREATE INDEX visits_time_index ON visits (visit_time)",
                "INSERT INTO urls VALUES (1, 'https://old.test/', 'Old', 1, 1, 13344473600000000, 0)",
                "INSERT INTO visits VALUES (1, 1, 13344473600000000, 0, \(0x3000_0001))",
            ])
        let service = fixture.makeService()
        let entries = await service.queryHistory("", options: HistoryQueryOptions())
        #expect(entries.map(\.title) == ["Old"])
        #expect(entries.first?.visitTime == Date(timeIntervalSince1970: 1_700_000_000))
        fixture.visit(service, "https://old.test/", .typed)
        await service.flush()

        #expect(service.problem == nil)
        #expect(try fixture.committedCounts() == ["https://old.test/": [2, 2, 0]])
        let (version, columns, indexes) = try fixture.committed { db in
            (
                try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'version'"),
                try db.columns(in: "visits").map(\.name), try db.indexes(on: "visits").map(\.name)
            )
        }
        #expect(version == "2")
        #expect(columns.contains("visit_duration"))
        #expect(indexes.contains("visits_from_index"))
        service.shutdown()
    }

    @Test func aFileOfANewerVersionIsLeftAloneAndHistoryIsOff() async throws {
        let fixture = HistoryFixture()
        try makeFile(
            fixture.path,
            [
                "CREATE TABLE meta(key LONGVARCHAR NOT NULL UNIQUE PRIMARY KEY, value LONGVARCHAR)",
                "INSERT INTO meta VALUES ('version', '70'), ('last_compatible_version', '16')",
                "CREATE TABLE urls(id INTEGER PRIMARY KEY, url LONGVARCHAR)",
                "CREATE TABLE visits(id INTEGER PRIMARY KEY, url INTEGER)",
                "INSERT INTO urls VALUES (1, 'https://kept.test/')",
            ])
        let before = try #require(FileManager.default.contents(atPath: fixture.path))
        let service = fixture.makeService()
        let log = HistoryObserverLog()
        service.addObserver(log)
        fixture.visit(service, "https://example.test/")
        await service.flush()

        #expect(service.problem == .newerVersion(version: 70, compatibleVersion: 16, supportedVersion: 2))
        #expect(service.problem?.turnsHistoryOff == true)
        #expect(log.problemChanges == 1 && log.visited.isEmpty)
        #expect(await service.queryHistory("", options: HistoryQueryOptions()).isEmpty)
        service.shutdown()
        #expect(FileManager.default.contents(atPath: fixture.path) == before)
        #expect(!FileManager.default.fileExists(atPath: fixture.path + ".bad"))
    }

    @Test func aDamagedFileIsSetAsideWithoutOverwritingAnEarlierOneAndANewOneStarts() async throws {
        let fixture = HistoryFixture()
        try FileManager.default.createDirectory(at: fixture.directory, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x5A, count: 4096)
        let earlier = Data("an earlier damaged file".utf8)
        _ = FileManager.default.createFile(atPath: fixture.path, contents: garbage)
        _ = FileManager.default.createFile(atPath: fixture.path + ".bad", contents: earlier)

        let service = fixture.makeService()
        fixture.visit(service, "https://after.test/")
        await service.flush()

        guard case .damaged(let setAside, _) = service.problem else {
            Issue.record("no damage reported: \(String(describing: service.problem))")
            return
        }
        #expect(setAside == fixture.path + ".bad.1")
        #expect(FileManager.default.contents(atPath: setAside) == garbage)
        #expect(FileManager.default.contents(atPath: fixture.path + ".bad") == earlier)
        #expect(try fixture.committedCounts().keys.sorted() == ["https://after.test/"])
        service.shutdown()
    }

    @Test func aFileFoundDamagedWhileInUseIsSetAsideAndTheBatchGoesToANewOne() async throws {
        let fixture = HistoryFixture()
        let first = fixture.makeService()
        for index in 0..<50 { fixture.visit(first, "https://example.test/\(index)", title: "Page \(index)") }
        first.shutdown()
        // The visits table's pages turned to garbage, the schema and meta intact.
        let root = try fixture.committed { db in
            try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'visits'")
        }
        let handle = try #require(FileHandle(forWritingAtPath: fixture.path))
        try handle.seek(toOffset: UInt64((try #require(root) - 1) * 4096))
        handle.write(Data(repeating: 0xA5, count: 4096))
        try handle.close()

        let service = fixture.makeService()
        #expect(await service.queryHistory("", options: HistoryQueryOptions()).isEmpty)
        fixture.visit(service, "https://after.test/")
        await service.flush()

        guard case .damaged(let setAside, _) = service.problem else {
            Issue.record("no damage reported: \(String(describing: service.problem))")
            return
        }
        #expect(setAside == fixture.path + ".bad")
        #expect(try fixture.committedCounts().keys.sorted() == ["https://after.test/"])
        service.shutdown()
    }

    @Test func aFullDiskKeepsTheBatchReportsItOnceAndCommitsItWhenThereIsRoom() async throws {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        let log = HistoryObserverLog()
        service.addObserver(log)
        fixture.visit(service, "https://before.test/")
        await service.flush()
        await service.limitFileSizeForTesting(pages: 1)
        let title = String(repeating: "x", count: 3000)

        for index in 0..<20 { fixture.visit(service, "https://full.test/\(index)", title: title) }
        await service.flush()
        guard case .writeFailed = service.problem else {
            Issue.record("no write failure reported: \(String(describing: service.problem))")
            return
        }
        for index in 20..<30 { fixture.visit(service, "https://full.test/\(index)", title: title) }
        fixture.clock.advance(by: .seconds(10))
        await service.flush()
        #expect(log.problemChanges == 1)
        #expect(try fixture.committedCounts().count == 1)

        await service.limitFileSizeForTesting(pages: 1_000_000)
        await service.flush()
        #expect(service.problem == nil)
        #expect(log.problemChanges == 2)
        #expect(try fixture.committedCounts().count == 31)
        service.shutdown()
    }
}
