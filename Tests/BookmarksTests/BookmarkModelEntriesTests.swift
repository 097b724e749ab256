import Bookmarks
import Foundation
import Testing

/// Bookmark entries (what files hold) into the model and out of it.
@MainActor
struct BookmarkModelEntriesTests {
    static func date(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

    static let entries: [BookmarkEntry] = [
        .folder(
            "Toolbar", [.url(BookmarkFixture.url("bar"), title: "Bar", dateAdded: date(1_600_000_000))],
            isToolbarFolder: true),
        .url(BookmarkFixture.url("a"), title: "A <&> ünï", dateAdded: date(1_600_000_100)),
        .url(BookmarkFixture.url("a"), title: "A again"),
        .folder(
            "News",
            [
                .url(BookmarkFixture.url("a"), title: "A in News"),
                .folder("Empty", [], dateAdded: date(1_600_000_200), dateModified: date(1_600_000_300)),
            ], dateAdded: date(1_600_000_400), dateModified: date(1_600_000_500)),
    ]

    @Test func importingAddsTheTreeWithItsDatesAndCountsWhatItDid() async {
        let model = await BookmarkFixture.inMemory()

        let counts = model.importEntries(Self.entries, into: model.otherBookmarks)

        #expect(counts == BookmarkImportCounts(bookmarksAdded: 3, foldersAdded: 2, duplicatesSkipped: 1))
        #expect(model.outline == "Menu[Bar] Other[A <&> ünï, News[A in News, Empty[]]]")
        let news = model.otherBookmarks.children[1]
        #expect(news.dateAdded == Self.date(1_600_000_400))
        #expect(news.dateModified == Self.date(1_600_000_500))
        #expect(news.children[1].dateModified == Self.date(1_600_000_300))
        #expect(model.bookmarksMenu.children[0].dateAdded == Self.date(1_600_000_000))
        #expect(model.otherBookmarks.children[0].dateAdded == Self.date(1_600_000_100))
    }

    @Test func importingTheSameEntriesTwiceAddsNothing() async {
        let fixture = BookmarkFixture()
        let model = await fixture.launch()
        model.importEntries(Self.entries, into: model.otherBookmarks)
        let outline = model.outline
        model.shutdown()
        let reopened = await fixture.launch()

        let counts = reopened.importEntries(Self.entries, into: reopened.otherBookmarks)

        #expect(counts == BookmarkImportCounts(bookmarksAdded: 0, foldersAdded: 0, duplicatesSkipped: 4))
        #expect(reopened.outline == outline)
        reopened.shutdown()
    }

    @Test func anImportIsOneBatchOfExtensiveChanges() async {
        let model = await BookmarkFixture.inMemory()
        let events = BookmarkEvents()
        model.addObserver(events)

        model.importEntries(Self.entries, into: model.otherBookmarks)

        #expect(events.lines.first == "begin")
        #expect(events.lines.last == "end")
        #expect(events.lines.count { $0 == "begin" } == 1)
        #expect(events.lines.count { $0.hasPrefix("add ") } == 5)
    }

    @Test func exportWritesTheMenuAsTheToolbarFolderAndImportingTheFileGivesTheSameTree() async throws {
        let fixture = BookmarkFixture()
        fixture.now = Self.date(1_700_000_000)
        let model = await fixture.launch()
        model.importEntries(Self.entries, into: model.otherBookmarks)

        let entries = model.exportEntries()
        let html = NetscapeBookmarkFile.write(entries)
        let read = try NetscapeBookmarkFile.read(html)

        #expect(entries.first?.isToolbarFolder == true)
        #expect(entries.first?.title == "Bookmarks Menu")
        #expect(entries.dropFirst().map(\.title) == ["A <&> ünï", "News"])
        let copy = await BookmarkFixture.inMemory()
        copy.importEntries(read.entries, into: copy.otherBookmarks)
        #expect(copy.outline == model.outline)
        #expect(copy.otherBookmarks.children[1].dateModified == Self.date(1_600_000_500))
        #expect(copy.otherBookmarks.children[0].dateAdded == Self.date(1_600_000_100))
        model.shutdown()
    }

    @Test func importingIntoAFolderPutsTheEntriesAtItsEnd() async {
        let model = await BookmarkFixture.inMemory()
        let folder = model.addFolder(to: model.otherBookmarks, at: 0, title: "Imported")
        model.addURLs(["first"], to: folder)

        model.importEntries([.url(BookmarkFixture.url("x"), title: "x")], into: folder)

        #expect(model.outline == "Menu[] Other[Imported[first, x]]")
    }

    @Test func tenThousandBookmarksOfOneFolderImportOnceAndAreAllOnDisk() async {
        let fixture = BookmarkFixture()
        let model = await fixture.launch()
        let entries: [BookmarkEntry] = [
            .folder("Many", (0..<10_000).map { .url(BookmarkFixture.url("\($0)"), title: "\($0)") })
        ]

        #expect(model.importEntries(entries, into: model.otherBookmarks).bookmarksAdded == 10_000)
        #expect(model.importEntries(entries, into: model.otherBookmarks).duplicatesSkipped == 10_000)

        model.flush()
        let rows = model.store.storedRows()
        #expect(rows.count == 10_003)
        #expect(rows.last.map { "\($0.title) \($0.position)" } == "9999 9999")
        model.shutdown()
    }
}
