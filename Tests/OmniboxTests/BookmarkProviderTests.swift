import Bookmarks
import Foundation
import History
import Testing

@testable import Omnibox

/// The location bar's bookmark rows (Chromium's bookmark_provider.cc over its
/// titled_url_index.cc) and the bonus of bookmarked pages among history rows
/// (scored_history_match.cc's `bookmark_value_`).
@MainActor
struct BookmarkProviderTests {
    /// A case of the table: the bookmarks (`title | url`), the history rows, what is typed and
    /// the rows expected, best first, as `type contents`.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        var bookmarks: [String] = []
        var history: [URLRow] = []
        let typed: String
        let expected: [String]
        var testDescription: String { name }
    }

    nonisolated static let cases: [Case] = [
        Case(
            name: "a bookmark never visited matches by a title word",
            bookmarks: ["Swift Forums | https://forums.swift.test/latest"], typed: "forum",
            expected: ["bookmark forums.swift.test/latest"]),
        Case(
            name: "by the start of a title word only",
            bookmarks: ["Swift Forums | https://a.test/x"], typed: "orums", expected: []),
        Case(
            name: "by a word of its URL",
            bookmarks: ["Notes | https://wiki.example.test/gardening"], typed: "garden",
            expected: ["bookmark wiki.example.test/gardening"]),
        Case(
            name: "every word typed must match, in any order",
            bookmarks: [
                "Red car | https://a.test/1", "Red bike | https://b.test/2", "Car wash | https://c.test/3",
            ],
            typed: "car red", expected: ["bookmark a.test/1"]),
        Case(
            name: "more of the title covered, and earlier, ranks higher",
            bookmarks: [
                "Recipes for a long winter evening | https://a.test/1", "Recipes | https://b.test/2",
            ],
            typed: "recipes", expected: ["bookmark b.test/2", "bookmark a.test/1"]),
        Case(
            name: "a bookmark and its history row are one row, the better scored",
            bookmarks: ["Daily news | https://news.test/"],
            history: [row("https://news.test/", "Daily news")],
            typed: "daily", expected: ["bookmark news.test"]),
        Case(
            name: "a bookmarked page ranks above a page with the same history",
            bookmarks: ["Page | https://b.test/page"],
            history: [
                row("https://a.test/page", visits: 4, daysAgo: 5),
                row("https://b.test/page", visits: 4, daysAgo: 5),
            ],
            typed: "page", expected: ["history b.test/page", "history a.test/page"]),
        Case(
            name: "without the bookmark the same history ties, the first row first",
            history: [
                row("https://a.test/page", visits: 4, daysAgo: 5),
                row("https://b.test/page", visits: 4, daysAgo: 5),
            ],
            typed: "page", expected: ["history a.test/page", "history b.test/page"]),
    ]

    @Test(arguments: cases)
    func suggests(_ testCase: Case) async {
        let model = BookmarkModel(store: BookmarkStore(path: nil))
        await model.waitUntilLoaded()
        let bookmarks = BookmarkTitleIndex(model: model)
        for line in testCase.bookmarks {
            let parts = line.components(separatedBy: " | ")
            model.addURL(
                to: model.bookmarksMenu, at: model.bookmarksMenu.children.count, title: parts[0],
                url: URL(string: parts[1])!)
        }
        await bookmarks.waitUntilBuilt()
        let controller = AutocompleteController(providers: [
            HistoryQuickProvider(
                index: await makeIndex(testCase.history), now: { testNow }, bookmarks: bookmarks),
            BookmarkProvider(source: bookmarks),
        ])
        let rows = controller.start(AutocompleteInput(text: testCase.typed, preventInlineAutocomplete: true))
            .matches.map { "\($0.type == .bookmark ? "bookmark" : "history") \($0.contents)" }
        #expect(rows == testCase.expected)
    }

    @Test func aBookmarkRowIsScoredBetweenChromiumsBaseAndMaximum() async {
        let model = BookmarkModel(store: BookmarkStore(path: nil))
        await model.waitUntilLoaded()
        let index = BookmarkTitleIndex(model: model)
        model.addURL(to: model.otherBookmarks, at: 0, title: "Mail", url: URL(string: "https://mail.test/")!)
        await index.waitUntilBuilt()
        let matches = BookmarkProvider(source: index).start(AutocompleteInput(text: "mail"))
        let match = try! #require(matches.first)
        #expect(match.type == .bookmark && !match.allowedToBeDefault)
        #expect(match.descriptionMatches == [0..<4])
        #expect(
            (AutocompleteConstants.bookmarkBaseRelevance...AutocompleteConstants.bookmarkMaxRelevance)
                .contains(match.relevance))
        // "Mail" is the whole title, matched at its start (4 × 4/4), and the start of the URL
        // "mail.test" (4 × 9/9): 8 over the title's length plus 10.
        #expect(match.relevance == 900 + Int(8.0 / 14.0 * 299))
    }
}

/// The index of bookmark words follows the model.
@MainActor
struct BookmarkTitleIndexTests {
    func titles(_ index: BookmarkTitleIndex, _ terms: [String]) -> [String] {
        index.bookmarks(matching: terms, maxCount: 10).map(\.title).sorted()
    }

    @Test func followsAddsRenamesRemovalsAndImports() async {
        let model = BookmarkModel(store: BookmarkStore(path: nil))
        await model.waitUntilLoaded()
        let index = BookmarkTitleIndex(model: model)
        await index.waitUntilBuilt()
        let folder = model.addFolder(to: model.bookmarksMenu, at: 0, title: "Folder")
        let node = model.addURL(
            to: folder, at: 0, title: "Garden tools", url: URL(string: "https://a.test/")!)
        #expect(titles(index, ["gar"]) == ["Garden tools"])
        #expect(titles(index, ["folder"]).isEmpty, "folders are not rows")
        model.setTitle(node, "Kitchen tools")
        #expect(titles(index, ["gar"]).isEmpty)
        #expect(titles(index, ["kit", "too"]) == ["Kitchen tools"])
        let removal = model.remove(folder)
        #expect(titles(index, ["kit"]).isEmpty)
        model.undoRemove(removal)
        #expect(titles(index, ["kit"]) == ["Kitchen tools"])
        model.performExtensiveChanges {
            for number in 0..<3 {
                model.addURL(
                    to: model.otherBookmarks, at: 0, title: "Imported \(number)",
                    url: URL(string: "https://i\(number).test/")!)
            }
        }
        #expect(titles(index, ["imp"]).isEmpty, "a batch's words come with the build after it")
        await index.waitUntilBuilt()
        #expect(titles(index, ["imp"]) == ["Imported 0", "Imported 1", "Imported 2"])
        #expect(index.count == 4)
    }

    @Test func aLoadedFileIsIndexed() async {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bookmark-index-\(UUID())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(BookmarkStore.fileName).path
        let first = BookmarkModel(store: BookmarkStore(path: path))
        await first.waitUntilLoaded()
        first.addURL(
            to: first.bookmarksMenu, at: 0, title: "Stored page", url: URL(string: "https://s.test/")!)
        first.shutdown()
        let model = BookmarkModel(store: BookmarkStore(path: path))
        let index = BookmarkTitleIndex(model: model)
        await model.waitUntilLoaded()
        await index.waitUntilBuilt()
        #expect(titles(index, ["stored"]) == ["Stored page"])
    }

    /// 10,000 bookmarks: a keystroke's lookup must stay far under the frame (a millisecond or
    /// two in a release build). The bound here is loose (a debug build on a busy machine); the
    /// point is that no keystroke scans the tree.
    @Test func tenThousandBookmarksAreLookedUpQuickly() async {
        let model = BookmarkModel(store: BookmarkStore(path: nil))
        await model.waitUntilLoaded()
        let words = [
            "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "theta", "kappa", "lambda", "sigma",
        ]
        model.performExtensiveChanges {
            for number in 0..<10_000 {
                model.addURL(
                    to: model.otherBookmarks, at: model.otherBookmarks.children.count,
                    title: "\(words[number % 10]) \(words[(number / 10) % 10]) page \(number)",
                    url: URL(string: "https://site\(number % 500).test/p/\(number)")!)
            }
        }
        let index = BookmarkTitleIndex(model: model)
        await index.waitUntilBuilt()
        let provider = BookmarkProvider(source: index)
        let clock = ContinuousClock()
        var slowest = Duration.zero
        for typed in ["a", "al", "alp", "alpha b", "alpha be", "s", "site4", "page 99"] {
            let elapsed = clock.measure { _ = provider.start(AutocompleteInput(text: typed)) }
            let lookup = clock.measure { _ = index.bookmarks(matching: [typed], maxCount: 50) }
            print("bookmark keystroke \(typed): \(elapsed), lookup \(lookup)")
            slowest = max(slowest, elapsed)
        }
        #expect(slowest < .milliseconds(50), "slowest keystroke \(slowest)")
    }
}
