import Base
import Foundation
import History
import ModelTestSupport
import Testing

/// Runs the built `swiftlet import` and `swiftlet bookmarks export` on a user data directory,
/// with a Chromium profile in a home of the test's own.
@MainActor
struct ImportCommandTests {
    /// A home with a Chromium profile named “Person 1” (`Default`): two bookmarks (one in a
    /// folder of markup and non-ASCII title) and two visits; and an empty user data directory.
    func sample() async throws -> (home: String, userData: String) {
        let home = TestProfile.makeUserDataDirectory()
        let chromium = home.appendingPathComponent(".config/chromium")
        let profile = chromium.appendingPathComponent("Default")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let bookmarks = """
            {"roots": {"bookmark_bar": {"id": "1", "name": "Bar", "type": "folder", "children": [
                {"id": "4", "name": "Docs <&> ünï 日本", "type": "folder", "date_added": "13300000000000000",
                 "children": [{"id": "5", "name": "MDN", "type": "url", "url": "https://developer.mozilla.org/",
                   "date_added": "13300000000500000"}]}]},
              "other": {"id": "2", "name": "Other", "type": "folder", "children": [
                {"id": "6", "name": "Kept", "type": "url", "url": "https://kept.test/"}]}}}
            """
        try Data(bookmarks.utf8).write(to: profile.appendingPathComponent("Bookmarks"))
        try Data(#"{"profile": {"info_cache": {"Default": {"name": "Person 1"}}}}"#.utf8)
            .write(to: chromium.appendingPathComponent("Local State"))
        // Our History file has Chromium's tables and times: it stands for Chromium's.
        let history = HistoryService(
            path: profile.appendingPathComponent("History").path, clock: ManualTimerClock())
        history.addPage(
            HistoryAddPageArgs(
                url: URL(string: "https://kept.test/")!, time: Date(timeIntervalSince1970: 1_700_000_000),
                transition: .typed, title: "Kept & “quoted”"))
        history.addPage(
            HistoryAddPageArgs(
                url: URL(string: "https://developer.mozilla.org/")!,
                time: Date(timeIntervalSince1970: 1_700_000_100),
                transition: .link, title: "MDN"))
        history.shutdown()
        return (home.path, TestProfile.makeUserDataDirectory().path)
    }

    func run(
        _ arguments: [String], home: String, environment: [String: String] = [:]
    ) throws
        -> SwiftletProcess.Result
    {
        try SwiftletProcess.run(
            arguments,
            environment: [
                "HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
            ]
            .merging(environment) { $1 })
    }

    @Test func chromiumComesInOnceAndItsHistoryAndBookmarksShow() async throws {
        let (home, userData) = try await sample()

        let first = try run(["import", "chromium", "--user-data-dir", userData], home: home)

        #expect(first.status == 0, "\(first.errors)")
        #expect(
            first.output.split(separator: "\n").map(String.init) == [
                "Imported from Chromium — Person 1:", "  2 bookmarks and 3 folders added",
                "  2 history entries added (2 new pages)",
            ])
        let history = try run(["history", "list", "--user-data-dir", userData], home: home)
        #expect(
            history.output.contains("2023-11-14") || history.output.contains("2023-11-15"),
            "\(history.output)")
        #expect(history.output.contains("\"Kept & “quoted”\" https://kept.test/"), "\(history.output)")

        let second = try run(
            ["import", "chromium", "--profile", "Person 1", "--user-data-dir", userData], home: home)
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output.contains("  0 bookmarks and 0 folders added"))
        #expect(second.output.contains("  2 bookmarks already there"))
        #expect(second.output.contains("  0 history entries added (0 new pages)"))
        #expect(second.output.contains("  2 history entries already there"))

        let file = userData + "/export.html"
        let export = try run(["bookmarks", "export", file, "--user-data-dir", userData], home: home)
        #expect(export.status == 0, "\(export.errors)")
        #expect(export.output == "Exported 2 bookmarks to \(file)\n")
        let html = try String(contentsOfFile: file, encoding: .utf8)
        #expect(html.contains(#"<DT><H3 ADD_DATE="1655526400""#))
        #expect(html.contains(">Docs &lt;&amp;&gt; ünï 日本</H3>"))
        #expect(html.contains(#"<DT><A HREF="https://kept.test/""#))
        #expect(html.contains(">Imported from Chromium</H3>"))
    }

    @Test func anUnknownProfileSaysWhichThereAre() async throws {
        let (home, userData) = try await sample()
        let result = try run(
            ["import", "chromium", "--profile", "Work", "--user-data-dir", userData], home: home)
        #expect(result.status == 1)
        #expect(
            result.errors == "swiftlet: import: no profile named “Work”; found: “Chromium — Person 1”\n")
        let none = try run(["import", "firefox", "--user-data-dir", userData], home: home)
        #expect(none.status == 1)
        #expect(none.errors == "swiftlet: import: no firefox profile found under \(home)\n")
        #expect(!FileManager.default.fileExists(atPath: userData + "/Default"), "nothing was written")
    }
}
