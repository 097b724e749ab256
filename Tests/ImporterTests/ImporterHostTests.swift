import Base
import Bookmarks
import Foundation
import GRDB
import History
import Importer
import Testing
import Web

/// Importing a whole source into a profile: bookmarks into its model, visits into its history,
/// Firefox's open tabs into a new window; the report; importing twice adds nothing.
@MainActor
struct ImporterHostTests {
    /// A profile's bookmarks (in memory) and history (in a file), and the tabs opened.
    @MainActor
    final class Profile {
        let directory: TemporaryDirectory
        let bookmarks: BookmarkModel
        let history: HistoryService
        var openedTabs: [[URL]] = []

        init() async throws {
            directory = try TemporaryDirectory()
            bookmarks = BookmarkModel(store: BookmarkStore(path: nil))
            await bookmarks.waitUntilLoaded()
            history = HistoryService(
                path: directory.url.appending(path: "History").path, clock: ManualTimerClock())
        }

        func host(canOpenTabs: Bool = true) -> ImporterHost {
            let open: @MainActor ([URL]) -> Int = { [unowned self] urls in
                openedTabs.append(urls)
                return urls.count
            }
            return ImporterHost(
                writer: ProfileWriter(
                    bookmarkModel: bookmarks, historyService: history, openTabs: canOpenTabs ? open : nil))
        }

        /// The tree below the permanent folders: `Menu[a, F[b]] Other[c]`.
        var outline: String {
            func text(_ node: BookmarkNode) -> String {
                node.isFolder
                    ? "\(node.title)[\(node.children.map(text).joined(separator: ", "))]" : node.title
            }
            return "Menu[\(bookmarks.bookmarksMenu.children.map(text).joined(separator: ", "))] "
                + "Other[\(bookmarks.otherBookmarks.children.map(text).joined(separator: ", "))]"
        }

        func visits() async -> [HistoryEntry] {
            await history.queryHistory("", options: HistoryQueryOptions())
        }
    }

    static func firefoxTime(_ seconds: Int64) -> Int64 { seconds * 1_000_000 + 654_321 }

    /// A Firefox profile: bookmarks in the menu, the toolbar (a folder of markup and
    /// non-ASCII titles), other bookmarks, a tag and a separator; visits of every type; a
    /// session with two windows.
    static func firefoxProfile(
        in directory: TemporaryDirectory
    ) throws -> (FirefoxProfiles.Profile, FirefoxPlacesFixture) {
        let places = try FirefoxPlacesFixture(in: directory)
        let folder = try places.item(
            type: 2, parent: 3, title: "Travail <b> & “ü” 日本", added: firefoxTime(1_600_000_001),
            modified: firefoxTime(1_600_000_002))
        try places.item(
            type: 1, parent: folder, title: "R&D <script>", url: "https://example.com/a?x=1&y=2",
            added: firefoxTime(1_600_000_003), modified: firefoxTime(1_600_000_004))
        try places.item(type: 3, parent: folder, title: nil, added: 0, modified: 0)
        try places.item(
            type: 1, parent: 2, title: "Menü", url: "https://menu.example/",
            added: firefoxTime(1_600_000_010),
            modified: firefoxTime(1_600_000_011))
        try places.item(
            type: 1, parent: 5, title: "Loose", url: "https://loose.example/",
            added: firefoxTime(1_600_000_012),
            modified: firefoxTime(1_600_000_013))
        let tag = try places.item(type: 2, parent: 4, title: "work", added: 1, modified: 1)
        try places.item(
            type: 1, parent: tag, title: nil, url: "https://example.com/a?x=1&y=2", added: 1, modified: 1)
        let page = try places.place("https://example.com/a?x=1&y=2", title: "R&D <script>")
        let other = try places.place("https://xn--caf-dma.example/%C3%BC", title: "Café ünï 日本")
        try places.visit(page, at: firefoxTime(1_650_000_001), type: 2)  // typed
        try places.visit(page, at: firefoxTime(1_650_000_002), type: 1)  // link
        try places.visit(other, at: firefoxTime(1_650_000_003), type: 3)  // bookmark
        try places.visit(other, at: firefoxTime(1_650_000_004), type: 5)  // redirect
        try places.visit(other, at: firefoxTime(1_650_000_005), type: 4)  // embed
        let session = """
            {"windows": [{"tabs": [{"entries": [{"url": "https://example.com/one", "title": "One"}], "index": 1},
              {"entries": [{"url": "about:newtab"}], "index": 1}]},
              {"tabs": [{"entries": [{"url": "https://example.com/two", "title": "Two"}], "index": 1}]}]}
            """
        try directory.write(
            MozillaLZ4File.compress(Data(session.utf8)), at: "sessionstore-backups/recovery.jsonlz4")
        return (
            FirefoxProfiles.Profile(name: "default-release", directory: directory.url, isDefault: true),
            places
        )
    }

    @Test func aFirefoxProfileComesInWithFoldersHistoryAndTabs() async throws {
        let profile = try await Profile()
        let source = try TemporaryDirectory()
        let (firefox, places) = try Self.firefoxProfile(in: source)
        var fractions: [Double] = []

        let report = await profile.host().startImport(.firefox(firefox)) { fractions.append($0) }

        #expect(
            profile.outline
                == "Menu[Travail <b> & “ü” 日本[R&D <script>]] Other[Imported from Firefox[Bookmarks Menu[Menü], Other Bookmarks[Loose]]]"
        )
        #expect(report.bookmarksAdded == 3)
        #expect(report.foldersAdded == 4)
        #expect(report.visitsAdded == 3 && report.pagesAdded == 2)
        #expect(report.tabsOpened == 2)
        #expect(report.skipped == [.tag: 2, .separator: 1, .redirect: 1, .embedded: 1])
        #expect(
            profile.openedTabs == [
                [URL(string: "https://example.com/one")!, URL(string: "https://example.com/two")!]
            ])
        #expect(fractions.first == 0 && fractions.last == 1 && fractions == fractions.sorted())

        let travail = try #require(profile.bookmarks.bookmarksMenu.children.first)
        #expect(seconds(travail.dateAdded) == 1_600_000_001)
        #expect(seconds(travail.dateModified) == 1_600_000_002)
        let bookmark = try #require(
            profile.bookmarks.nodes(for: URL(string: "https://example.com/a?x=1&y=2")!).first)
        #expect(seconds(bookmark.dateAdded) == 1_600_000_003)

        let visits = await profile.visits()
        #expect(visits.map(\.title) == ["Café ünï 日本", "R&D <script>", "R&D <script>"])
        #expect(visits.map { seconds($0.visitTime) } == [1_650_000_003, 1_650_000_002, 1_650_000_001])
        #expect(visits.map { $0.transition.core } == [PageTransition.autoBookmark, .link, .typed])
        try places.writer.close()
        profile.history.shutdown()
    }

    @Test func importingTheSameSourceTwiceAddsNothing() async throws {
        let profile = try await Profile()
        let source = try TemporaryDirectory()
        let (firefox, places) = try Self.firefoxProfile(in: source)
        _ = await profile.host().startImport(.firefox(firefox))
        let outline = profile.outline

        let again = await profile.host(canOpenTabs: false).startImport(.firefox(firefox))

        #expect(profile.outline == outline)
        #expect(again.bookmarksAdded == 0 && again.foldersAdded == 0 && again.bookmarksAlreadyPresent == 3)
        #expect(again.visitsAdded == 0 && again.visitsAlreadyPresent == 3)
        #expect(await profile.visits().count == 3)
        #expect(
            again.tabsOpened == 0 && again.tabsNotOpened == 2, "without a window the tabs are only counted")
        #expect(again.lines.contains("  3 history entries already there"))
        try places.writer.close()
        profile.history.shutdown()
    }

    @Test func aChromiumProfileComesInWithItsDates() async throws {
        let profile = try await Profile()
        let source = try TemporaryDirectory()
        let json = """
            {"checksum": "00000000000000000000000000000000", "roots": {
              "bookmark_bar": {"id": "1", "name": "Bar", "type": "folder", "children": [
                {"id": "4", "name": "Docs <&> ünï 日本", "type": "folder", "date_added": "13300000000000000",
                 "date_modified": "13300000001000000", "children": [
                  {"id": "5", "name": "MDN", "type": "url", "url": "https://developer.mozilla.org/",
                   "date_added": "13300000000500000"}]}]},
              "other": {"id": "2", "name": "Other", "type": "folder", "children": [
                {"id": "6", "name": "Settings", "type": "url", "url": "chrome://settings/"},
                {"id": "7", "name": "Kept", "type": "url", "url": "https://kept.example/",
                 "date_added": "13300000002000000"}]}}}
            """
        try source.write(Data(json.utf8), at: "Default/Bookmarks")
        let history = try DatabaseQueue(path: source.url.appending(path: "Default/History").path)
        try await history.write { db in
            try db.execute(sql: ChromiumHistoryReaderTests.schema)
            try db.execute(
                sql: "INSERT INTO urls VALUES (1, 'https://kept.example/', 'Kept', 1, 1, ?, 0)",
                arguments: [ChromiumHistoryReaderTests.time(1_650_000_001)])
            try db.execute(
                sql: "INSERT INTO visits (url, visit_time, transition) VALUES (1, ?, ?)",
                arguments: [
                    ChromiumHistoryReaderTests.time(1_650_000_001),
                    Int64(PageTransition.typed.rawValue | ChromiumHistoryReaderTests.single),
                ])
        }
        try history.close()
        let chromium = ChromiumProfiles.Profile(
            browser: "Chromium", name: "Person 1", directory: source.url.appending(path: "Default"))

        let report = await profile.host().startImport(.chromium(chromium))

        #expect(profile.outline == "Menu[Docs <&> ünï 日本[MDN]] Other[Imported from Chromium[Other[Kept]]]")
        #expect(report.skipped == [.notAPage: 1])
        #expect(report.notes.contains { $0.contains("checksum does not match") })
        let docs = try #require(profile.bookmarks.bookmarksMenu.children.first)
        #expect(seconds(docs.dateAdded) == 1_655_526_400)
        #expect(seconds(docs.children.first?.dateAdded) == 1_655_526_400)
        let visits = await profile.visits()
        #expect(visits.map { seconds($0.visitTime) } == [1_650_000_001])
        #expect(visits.first?.transition.core == PageTransition.typed)
        profile.history.shutdown()
    }

    @Test func aBookmarksFileComesInUnderImported() async throws {
        let profile = try await Profile()
        let source = try TemporaryDirectory()
        let html = """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <TITLE>Bookmarks</TITLE><H1>Lesezeichen</H1>
            <DL><DT><H3 ADD_DATE="1600000001" LAST_MODIFIED="1600000002">Tom &amp; Jerry &lt;b&gt; 日本</H3>
            <DL><DT><A HREF="https://example.com/?a=1&amp;b=2" ADD_DATE="1600000003">Zürich &quot;quoted&quot;</A>
            </DL>
            <DT><A HREF="https://top.example/" ADD_DATE="1600000004">Top</A>
            </DL>
            """
        let file = try source.write(Data(html.utf8), at: "bookmarks.html")

        let report = await profile.host().startImport(.bookmarksFile(file))

        #expect(profile.outline == "Menu[] Other[Imported[Tom & Jerry <b> 日本[Zürich \"quoted\"], Top]]")
        #expect(report.bookmarksAdded == 2 && report.foldersAdded == 2)
        let folder = try #require(profile.bookmarks.otherBookmarks.children.first?.children.first)
        #expect(seconds(folder.dateAdded) == 1_600_000_001)
        #expect(seconds(folder.dateModified) == 1_600_000_002)
        #expect(seconds(folder.children.first?.dateAdded) == 1_600_000_003)
        #expect(report.lines.first == "Imported from bookmarks.html:")
        profile.history.shutdown()
    }

    @Test func aSourceThatCannotBeReadSaysWhyAndAddsNothing() async throws {
        let profile = try await Profile()
        let source = try TemporaryDirectory()
        let firefox = FirefoxProfiles.Profile(name: "gone", directory: source.url, isDefault: false)

        let report = await profile.host().startImport(.firefox(firefox))

        #expect(profile.outline == "Menu[] Other[]")
        #expect(report.bookmarksAdded == 0 && report.visitsAdded == 0)
        #expect(report.notes.count == 1)
        profile.history.shutdown()
    }
}
