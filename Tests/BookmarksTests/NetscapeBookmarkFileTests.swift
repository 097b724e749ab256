import Bookmarks
import Foundation
import Testing

/// Reading and writing the Netscape bookmark file, with exports as Firefox, Chromium and GNOME
/// Web write them.
struct NetscapeBookmarkFileTests {
    static func date(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

    /// Firefox's export (toolkit/components/places/BookmarkHTMLUtils.sys.mjs): one element a
    /// line, `<p>` after each list, the menu's entries at the top, the toolbar and other
    /// bookmarks as folders, and a `place:` query.
    static let firefox = """
        <!DOCTYPE NETSCAPE-Bookmark-file-1>
        <!-- This is an automatically generated file.
             It will be read and overwritten.
             DO NOT EDIT! -->
        <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
        <meta http-equiv="Content-Security-Policy"
              content="default-src 'self'; script-src 'none'; img-src data: *; object-src 'none'"></meta>
        <TITLE>Bookmarks</TITLE>
        <H1>Bookmarks Menu</H1>

        <DL><p>
            <DT><A HREF="https://www.mozilla.org/about/" ADD_DATE="1700000000" LAST_MODIFIED="1700000100" ICON_URI="https://www.mozilla.org/favicon.ico">About Us &amp; &lt;Friends&gt;</A>
            <DT><H3 ADD_DATE="1700000200" LAST_MODIFIED="1700000300" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks Toolbar</H3>
            <DL><p>
                <DT><A HREF="https://example.com/caf%C3%A9" ADD_DATE="1700000400">Café — ünïcödé 日本語</A>
                <DT><A HREF="place:sort=8&amp;maxResults=10" ADD_DATE="1700000500">Most Visited</A>
            </DL><p>
            <DT><H3 ADD_DATE="1700000600" LAST_MODIFIED="1700000700" UNFILED_BOOKMARKS_FOLDER="true">Other Bookmarks</H3>
            <DL><p>
                <DT><H3 ADD_DATE="1700000800" LAST_MODIFIED="1700000900">Empty</H3>
                <DL><p>
                </DL><p>
            </DL><p>
        </DL>
        """

    @Test func firefoxsExportReadsWithItsFoldersTitlesAndDatesToTheSecond() throws {
        let contents = try NetscapeBookmarkFile.read(Self.firefox)
        #expect(
            contents.entries == [
                .url(
                    URL(string: "https://www.mozilla.org/about/")!, title: "About Us & <Friends>",
                    dateAdded: Self.date(1_700_000_000)),
                .folder(
                    "Bookmarks Toolbar",
                    [
                        .url(
                            URL(string: "https://example.com/caf%C3%A9")!, title: "Café — ünïcödé 日本語",
                            dateAdded: Self.date(1_700_000_400))
                    ], dateAdded: Self.date(1_700_000_200), dateModified: Self.date(1_700_000_300),
                    isToolbarFolder: true),
                .folder(
                    "Other Bookmarks",
                    [
                        .folder(
                            "Empty", [], dateAdded: Self.date(1_700_000_800),
                            dateModified: Self.date(1_700_000_900))
                    ], dateAdded: Self.date(1_700_000_600), dateModified: Self.date(1_700_000_700)),
            ])
        #expect(contents.skipped == ["place:sort=8&maxResults=10 is not a web address"])
    }

    /// Chromium's export (bookmark_html_writer.cc): the bar and other bookmarks as folders,
    /// `<DL><p>` and `</DL><p>`.
    static let chromium = """
        <!DOCTYPE NETSCAPE-Bookmark-file-1>
        <!-- This is an automatically generated file.
             It will be read and overwritten.
             DO NOT EDIT! -->
        <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
        <TITLE>Bookmarks</TITLE>
        <H1>Bookmarks</H1>
        <DL><p>
            <DT><H3 ADD_DATE="1600000000" LAST_MODIFIED="1600000050" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks bar</H3>
            <DL><p>
                <DT><A HREF="https://www.chromium.org/" ADD_DATE="1600000100" ICON="data:image/png;base64,iVBORw0KGgo=">The Chromium Projects</A>
                <DT><H3 ADD_DATE="1600000200" LAST_MODIFIED="0">Docs</H3>
                <DL><p>
                    <DT><A HREF="https://developer.mozilla.org/en-US/docs/Web/HTML/Element/a" ADD_DATE="1600000300">&lt;a&gt;: The Anchor element &quot;quoted&quot; &#39;single&#39; &#x263A;</A>
                </DL><p>
            </DL><p>
        </DL><p>
        """

    @Test func chromiumsExportReadsWithNestedFoldersAndEntities() throws {
        let contents = try NetscapeBookmarkFile.read(Self.chromium)
        let bar = try #require(contents.entries.first)
        #expect(contents.entries.count == 1 && bar.isToolbarFolder && bar.title == "Bookmarks bar")
        #expect(bar.dateAdded == Self.date(1_600_000_000) && bar.dateModified == Self.date(1_600_000_050))
        #expect(bar.children.map(\.title) == ["The Chromium Projects", "Docs"])
        let docs = bar.children[1]
        #expect(docs.dateModified == nil, "0 is no date")
        #expect(docs.children.map(\.title) == ["<a>: The Anchor element \"quoted\" 'single' ☺"])
        #expect(docs.children.first?.dateAdded == Self.date(1_600_000_300))
        #expect(contents.entries.first?.bookmarkCount == 2 && contents.entries.first?.folderCount == 2)
        #expect(contents.skipped.isEmpty)
    }

    /// | what the file does | the titles read, depth-first |
    @Test(arguments: [
        (
            "no <p>, a localized H1, lower-case tags",
            "<!DOCTYPE NETSCAPE-Bookmark-file-1><h1>Lesezeichen</h1><dl><dt><h3>Ordner</h3><dl>"
                + "<dt><a href='https://a.test/'>A</a></dl><dt><a href=https://b.test/>B</a></dl>",
            ["Ordner", "A", "B"]
        ),
        (
            "a header without its list is an empty folder",
            "<DL><p><DT><H3>Empty</H3><DT><A HREF=\"https://a.test/\">A</A></DL>", ["Empty", "A"]
        ),
        (
            "descriptions after <DD> are not titles",
            "<DL><DT><A HREF=\"https://a.test/\">A</A><DD>About A</DL>", ["A"]
        ),
        (
            "a file cut short keeps what it had",
            "<DL><p><DT><H3>F</H3><DL><p><DT><A HREF=\"https://a.test/\">A</A>", ["F", "A"]
        ),
        (
            "a comment may hold tags",
            "<DL><!-- <DT><A HREF=\"https://x.test/\">X</A> --><DT><A HREF=\"https://a.test/\">A</A></DL>",
            ["A"]
        ),
    ])
    func filesOfEveryShapeRead(what: String, html: String, titles: [String]) throws {
        func flattened(_ entries: [BookmarkEntry]) -> [String] {
            entries.flatMap { [$0.title] + flattened($0.children) }
        }
        #expect(flattened(try NetscapeBookmarkFile.read(html).entries) == titles, "\(what)")
    }

    @Test func textWithoutAListIsNoBookmarkFile() {
        #expect(throws: NetscapeBookmarkFile.ReadError.notABookmarkFile) {
            try NetscapeBookmarkFile.read("<html><body>Hello</body></html>")
        }
    }

    @Test func writingThenReadingGivesBackTheSameTreeWithMarkupInTitles() throws {
        let tree: [BookmarkEntry] = [
            .folder(
                "Bar & <Co>",
                [
                    .url(
                        URL(string: "https://a.test/?q=1&r=\"2\"")!, title: "A's \"page\" <b>",
                        dateAdded: Self.date(1)),
                    .folder("Ünïcödé 日本語", [], dateAdded: Self.date(2), dateModified: Self.date(3)),
                ], dateAdded: Self.date(1_700_000_000), isToolbarFolder: true),
            .url(URL(string: "https://b.test/")!, title: "B"),
        ]
        let html = NetscapeBookmarkFile.write(tree)
        #expect(html.hasPrefix("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n"))
        #expect(
            html.contains(
                "<DT><H3 ADD_DATE=\"1700000000\" PERSONAL_TOOLBAR_FOLDER=\"true\">Bar &amp; &lt;Co&gt;</H3>"))
        #expect(html.contains("HREF=\"https://a.test/?q=1&amp;r=%222%22\""))
        #expect(try NetscapeBookmarkFile.read(html).entries == tree)
    }
}
