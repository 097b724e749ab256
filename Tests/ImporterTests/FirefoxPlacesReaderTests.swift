import Bookmarks
import Foundation
import GRDB
import History
import Importer
import Testing
import Web

/// Bookmarks and history from a `places.sqlite` the tests build with Firefox's schema, read
/// while its writer still holds it open in WAL mode.
struct FirefoxPlacesReaderTests {
    /// Microseconds since 1970 of `seconds` and a fraction that must not move them.
    static func time(_ seconds: Int64) -> Int64 { seconds * 1_000_000 + 654_321 }

    @Test func bookmarksKeepTheirRootsFoldersTitlesAndDates() throws {
        let directory = try TemporaryDirectory()
        let places = try FirefoxPlacesFixture(in: directory)
        let folder = try places.item(
            type: 2, parent: 3, title: "Travail <b> & “ü” 日本", added: Self.time(1_600_000_001),
            modified: Self.time(1_600_000_002))
        try places.item(
            type: 1, parent: folder, title: "R&D <script>alert(1)</script>",
            url: "https://example.com/a?x=1&y=2",
            added: Self.time(1_600_000_003), modified: Self.time(1_600_000_004))
        try places.item(type: 3, parent: folder, title: nil, added: 0, modified: 0)
        try places.item(
            type: 1, parent: folder, title: "Café ünï", url: "https://xn--caf-dma.example/%C3%BC",
            added: Self.time(1_600_000_005), modified: Self.time(1_600_000_006))
        try places.item(
            type: 1, parent: 3, title: "Local", url: "http://127.0.0.1:8000/",
            added: Self.time(1_600_000_007),
            modified: Self.time(1_600_000_008))
        try places.item(
            type: 1, parent: 2, title: "Most Visited", url: "place:sort=8&maxResults=10",
            added: Self.time(1_600_000_009), modified: Self.time(1_600_000_009))
        try places.item(
            type: 1, parent: 2, title: "Menü", url: "https://menu.example/", added: Self.time(1_600_000_010),
            modified: Self.time(1_600_000_011))
        try places.item(type: 3, parent: 2, title: "", added: 0, modified: 0)
        try places.item(
            type: 1, parent: 5, title: nil, url: "https://loose.example/", added: Self.time(1_600_000_012),
            modified: Self.time(1_600_000_013))
        // A tag: a folder under the tags root with one more bookmark of a tagged page.
        let tag = try places.item(type: 2, parent: 4, title: "work", added: 1, modified: 1)
        try places.item(
            type: 1, parent: tag, title: nil, url: "https://example.com/a?x=1&y=2", added: 1, modified: 1)
        let walBefore = try #require(
            FileManager.default.attributesOfItem(atPath: places.file.path + "-wal")[.size] as? Int)
        let listingBefore = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()

        let bookmarks = try FirefoxPlacesReader(placesFile: places.file).bookmarks()

        #expect(walBefore > 0, "what was written is in the -wal only, which the copy took along")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == listingBefore)
        #expect(bookmarks.roots.map(\.title) == ["Bookmarks Menu", "Bookmarks Toolbar", "Other Bookmarks"])
        #expect(bookmarks.roots.map(\.isToolbarFolder) == [false, true, false])
        let menu = bookmarks.roots[0]
        let toolbar = bookmarks.roots[1]
        let other = bookmarks.roots[2]
        #expect(menu.children.map(\.title) == ["Menü"])
        #expect(toolbar.children.map(\.title) == ["Travail <b> & “ü” 日本", "Local"])
        let travail = toolbar.children[0]
        #expect(travail.children.map(\.title) == ["R&D <script>alert(1)</script>", "Café ünï"])
        #expect(
            travail.children.map(\.url) == [
                URL(string: "https://example.com/a?x=1&y=2"),
                URL(string: "https://xn--caf-dma.example/%C3%BC"),
            ])
        #expect(other.children.map(\.title) == [""])
        #expect(other.children[0].url == URL(string: "https://loose.example/"))
        #expect(bookmarks.roots.map(\.bookmarkCount) == [1, 3, 1])
        #expect(bookmarks.roots.map(\.folderCount) == [1, 2, 1])

        /// | entry | added | modified |
        let dates: [(BookmarkEntry, Int64, Int64)] = [
            (travail, 1_600_000_001, 1_600_000_002), (travail.children[0], 1_600_000_003, 1_600_000_004),
            (travail.children[1], 1_600_000_005, 1_600_000_006),
            (toolbar.children[1], 1_600_000_007, 1_600_000_008),
            (menu.children[0], 1_600_000_010, 1_600_000_011),
            (other.children[0], 1_600_000_012, 1_600_000_013),
            (menu, 1_500_000_000, 1_500_000_000),
        ]
        for (entry, added, modified) in dates {
            #expect(seconds(entry.dateAdded) == added, "\(entry.title)")
            #expect(seconds(entry.dateModified) == modified, "\(entry.title)")
        }
        #expect(
            bookmarks.skipped == [.tag: 2, .separator: 2, .notAPage: 1],
            "the tag folder and its bookmark; a separator in two folders; the place: query")
    }

    @Test func historyKeepsLinkTypedAndBookmarkVisitsOnly() throws {
        let directory = try TemporaryDirectory()
        let places = try FirefoxPlacesFixture(in: directory)
        let page = try places.place("https://example.com/a?x=1&y=2", title: "R&D <script>", typed: true)
        let japanese = try places.place("https://xn--wgv71a.example/%E3%83%9A", title: "日本語 ページ")
        let other = try places.place("https://other.example/", title: nil, hidden: true)
        let query = try places.place("place:sort=8", title: "Most Visited")
        try places.visit(page, at: Self.time(1_700_000_001), type: 1)
        try places.visit(japanese, at: Self.time(1_700_000_002), type: 2)
        try places.visit(page, at: Self.time(1_700_000_003), type: 2)
        try places.visit(page, at: Self.time(1_700_000_004), type: 3)
        // Left out, each with its reason.
        for (type, second) in [(4, 10), (5, 11), (6, 12), (7, 13), (8, 14), (9, 15), (0, 16), (42, 17)] {
            try places.visit(other, at: Self.time(1_700_000_000 + Int64(second)), type: type)
        }
        try places.visit(query, at: Self.time(1_700_000_020), type: 1)
        try places.visit(japanese, at: 0, type: 1)

        let history = try FirefoxPlacesReader(placesFile: places.file).history()

        /// | url | title | second | transition |
        let expected: [(String, String, Int64, PageTransition)] = [
            ("https://example.com/a?x=1&y=2", "R&D <script>", 1_700_000_001, .link),
            ("https://xn--wgv71a.example/%E3%83%9A", "日本語 ページ", 1_700_000_002, .typed),
            ("https://example.com/a?x=1&y=2", "R&D <script>", 1_700_000_003, .typed),
            ("https://example.com/a?x=1&y=2", "R&D <script>", 1_700_000_004, .autoBookmark),
        ]
        #expect(history.visits.count == expected.count)
        for (visit, (url, title, second, core)) in zip(history.visits, expected) {
            #expect(visit.url == URL(string: url))
            #expect(visit.title == title)
            #expect(seconds(visit.time) == second)
            #expect(visit.transition == core.adding(.chainStart).adding(.chainEnd))
        }
        #expect(history.urls.map(\.url.absoluteString) == [expected[0].0, expected[1].0])
        #expect(history.urls.map(\.visitCount) == [3, 1])
        #expect(history.urls.map(\.typedCount) == [1, 1])
        #expect(history.urls.map { seconds($0.lastVisit) } == [1_700_000_004, 1_700_000_002])
        #expect(
            history.skipped == [
                .embedded: 2, .redirect: 2, .download: 1, .reload: 1, .unknownVisitType: 2, .notAPage: 1,
                .noTime: 1,
            ])
    }

    @Test func aProfileWithoutBookmarksOrHistoryReadsEmpty() throws {
        let directory = try TemporaryDirectory()
        let places = try FirefoxPlacesFixture(in: directory)
        let reader = try FirefoxPlacesReader(placesFile: places.file)
        #expect(try reader.bookmarks() == ImportedBookmarks(roots: []))
        #expect(try reader.history() == ImportedHistory())
    }
}
