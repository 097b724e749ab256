import Base
import Foundation
import History
import ModelTestSupport
import Testing

/// Runs the built `swiftlet history` on a user data directory whose history a live service
/// is writing.
@MainActor
struct HistoryCommandTests {
    /// A user data directory with a `Default` profile's history: three pages committed, and
    /// one more in the open batch of the returned service (still running).
    func sample() async throws -> (directory: String, service: HistoryService) {
        let directory = TestProfile.makeUserDataDirectory()
        let path = directory.appendingPathComponent("Default").appendingPathComponent(HistoryService.fileName)
            .path
        let service = HistoryService(path: path, clock: ManualTimerClock())
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for (index, (url, title)) in [
            ("https://news.test/morning", "Morning edition"), ("https://docs.test/swift", "The Swift Guide"),
            ("https://news.test/evening", ""),
        ].enumerated() {
            service.addPage(
                HistoryAddPageArgs(
                    url: URL(string: url)!, time: start + Double(index) * 86_400, transition: .link,
                    title: title))
        }
        await service.flush()
        service.addPage(
            HistoryAddPageArgs(
                url: URL(string: "https://pending.test/")!, time: start + 4 * 86_400, transition: .typed))
        await service.waitForPendingWork()
        return (directory.path, service)
    }

    func run(_ arguments: [String]) throws -> SwiftletProcess.Result { try SwiftletProcess.run(arguments) }

    @Test func listPrintsTheCommittedVisitsNewestFirstWhileTheBrowserWrites() async throws {
        let (directory, service) = try await sample()
        let file = directory + "/Default/History"
        let before = try FileManager.default.contentsOfDirectory(atPath: directory + "/Default").sorted()
        let bytes = FileManager.default.contents(atPath: file)

        let result = try run(["history", "list", "--user-data-dir", directory])

        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("Profile Default"))
        let visits = lines.filter { $0.hasPrefix("  20") }.map { String($0.dropFirst(23)) }
        #expect(
            visits == [
                "https://news.test/evening", "\"The Swift Guide\" https://docs.test/swift",
                "\"Morning edition\" https://news.test/morning",
            ])
        #expect(FileManager.default.contents(atPath: file) == bytes)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory + "/Default").sorted() == before)

        // The browser goes on writing, and the next commit shows.
        await service.flush()
        let after = try run(["history", "list", "--user-data-dir", directory])
        #expect(after.output.contains("https://pending.test/"))
        service.shutdown()
    }

    @Test func searchAndSinceFilterAndJSONHasEveryField() async throws {
        let (directory, service) = try await sample()
        defer { service.shutdown() }

        let search = try run(["history", "search", "NEWS", "--user-data-dir", directory])
        #expect(search.status == 0, "\(search.errors)")
        #expect(
            search.output.contains("https://news.test/morning")
                && search.output.contains("https://news.test/evening"))
        #expect(!search.output.contains("docs.test"))

        let limited = try run(["history", "list", "--limit", "1", "--user-data-dir", directory])
        #expect(limited.output.split(separator: "\n").filter { $0.hasPrefix("  20") }.count == 1)

        let since = try run([
            "history", "list", "--since", "2023-11-15T22:13:20Z", "--json", "--user-data-dir", directory,
        ])
        #expect(since.status == 0, "\(since.errors)")
        let profiles = try #require(
            try JSONSerialization.jsonObject(with: Data(since.output.utf8)) as? [[String: Any]])
        #expect(profiles.map { $0["profile"] as? String } == ["Default"])
        let visits = try #require(profiles.first?["visits"] as? [[String: Any]])
        #expect(
            visits.map { $0["url"] as? String } == ["https://news.test/evening", "https://docs.test/swift"])
        #expect(visits.last?["title"] as? String == "The Swift Guide")
        #expect(visits.last?["time"] as? String == "2023-11-15T22:13:20Z")
        #expect(visits.last?["transition"] as? String == "link|chainStart|chainEnd")
    }

    @Test(arguments: [
        // Arguments, and what standard error holds.
        (["history", "search"], "Missing expected argument '<word> ...'"),
        (["history", "search", " "], "say what to search for"),
        (["history", "list", "--since", "last week"], "is not YYYY-MM-DD"),
        (["history", "list", "--limit=-1"], "--limit needs a count"),
        (["history", "list", "--limit", "0"], "--limit needs a count"),
        (["history"], "say list or search"),
    ])
    func aMistakeInTheCommandLineExitsTwoSayingWhy(arguments: [String], message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
    }

    @Test func aDamagedFileExitsOneNamingItAndChangesNothing() throws {
        let directory = TestProfile.makeUserDataDirectory().appendingPathComponent("Default")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("History").path
        let garbage = Data(repeating: 0x5A, count: 4096)
        _ = FileManager.default.createFile(atPath: file, contents: garbage)

        let result = try run([
            "history", "list", "--user-data-dir", directory.deletingLastPathComponent().path,
        ])

        #expect(result.status == 1)
        #expect(result.errors.contains("swiftlet: history: \(file)"), "\(result.errors)")
        #expect(FileManager.default.contents(atPath: file) == garbage)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["History"])
    }
}
