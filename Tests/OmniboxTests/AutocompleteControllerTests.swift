import Foundation
import History
import Omnibox
import Testing
import Web

/// The rows of a keystroke: the default first, one per page, at most eight, and the kinds of
/// rows each provider gives.
@MainActor
struct AutocompleteControllerTests {
    @Test func blankTextHasNoRows() async {
        let controller = await makeController([row("https://a.test/")])
        #expect(controller.contents("").isEmpty && controller.contents("   ").isEmpty)
    }

    @Test(arguments: [
        // (typed, the default row's type, its URL)
        ("example.org", AutocompleteMatchType.urlWhatYouTyped, "https://example.org/"),
        ("two words", .search, "https://duckduckgo.com/?q=two+words"),
        ("localhost:8080", .urlWhatYouTyped, "http://localhost:8080/"),
    ])
    func withoutHistoryTheDefaultIsWhatWasTyped(typed: String, type: AutocompleteMatchType, url: String) async
    {
        let controller = await makeController([])
        let result = controller.start(AutocompleteInput(text: typed))
        #expect(result.matches.count == 1)
        #expect(
            result.defaultMatch?.type == type && result.defaultMatch?.destinationURL.absoluteString == url)
    }

    @Test func theSearchUsesTheEngineOfTheMoment() async {
        let prefs = FakeSearchPrefs()
        let controller = AutocompleteController(providers: [
            WhatYouTypedProvider(searchURLTemplate: { prefs.template })
        ])
        #expect(
            controller.start(AutocompleteInput(text: "a b")).defaultMatch?.destinationURL.host == "one.test")
        prefs.template = "https://two.test/?q={searchTerms}"
        #expect(
            controller.start(AutocompleteInput(text: "a b")).defaultMatch?.destinationURL.host == "two.test")
    }

    @Test func atMostEightRows() async {
        let rows = (0..<20).map { row("https://site\($0).test/page", visits: 4 + $0) }
        let controller = await makeController(rows)
        let result = controller.start(AutocompleteInput(text: "page"))
        #expect(result.matches.count == AutocompleteConstants.maxMatches)
        #expect(result.defaultMatch?.type == .search)
        // The seven best of the twenty, best first.
        #expect(
            result.matches.dropFirst().map(\.contents) == (13..<20).reversed().map { "site\($0).test/page" })
    }

    @Test(arguments: [
        // (a URL in history, one typed or in a tab that is the same page)
        ("https://www.example.org/a", "https://example.org/a"),
        ("http://example.org/a", "https://example.org/a"),
        ("https://example.org/a#part", "https://example.org/a"),
        ("https://EXAMPLE.org/", "https://example.org"),
    ])
    func onePagePerRow(historyURL: String, otherURL: String) async {
        let tabs = FakeOpenTabSource()
        tabs.openTabs = [OpenTab(id: WebStateID.newUnique(), title: "Example", url: URL(string: otherURL)!)]
        let controller = await makeController([row(historyURL, "Example", visits: 9)], tabs: tabs)
        let rows = controller.start(AutocompleteInput(text: "example")).matches
        // The page's row is its tab's (and its history row too, when that is what Enter opens).
        #expect(rows.filter { $0.type == .openTab }.count == 1, "\(rows.map(\.destinationURL))")
        #expect(
            rows.filter { $0.type == .historyURL }.count == (rows.first?.type == .historyURL ? 1 : 0),
            "\(rows.map(\.destinationURL))")
    }

    @Test func theURLTypedAndItsHistoryPageAreOneRow() async {
        let controller = await makeController([row("https://example.org/", visits: 9)])
        let rows = controller.start(AutocompleteInput(text: "example.org")).matches
        #expect(rows.count == 1 && rows[0].type == .historyURL && rows[0].allowedToBeDefault)
    }

    @Test func anOpenTabIsASwitchToTabRowNeverTheDefault() async {
        let tabs = FakeOpenTabSource()
        let id = WebStateID.newUnique()
        tabs.openTabs = [OpenTab(id: id, title: "Rust book", url: URL(string: "https://doc.test/rust")!)]
        let controller = await makeController([], tabs: tabs)
        let result = controller.start(AutocompleteInput(text: "rust"))
        #expect(result.defaultMatch?.type == .search)
        let tab = try! #require(result.matches.first { $0.type == .openTab })
        #expect(tab.tabID == id && !tab.allowedToBeDefault && tab.contents == "doc.test/rust")
        #expect(tab.descriptionMatches == [0..<4])
    }

    @Test func aTabNotMatchingIsNoRow() async {
        let tabs = FakeOpenTabSource()
        tabs.openTabs = [
            OpenTab(id: WebStateID.newUnique(), title: "Swift", url: URL(string: "https://a.test/")!)
        ]
        let controller = await makeController([], tabs: tabs)
        #expect(!controller.start(AutocompleteInput(text: "rust")).matches.contains { $0.type == .openTab })
    }

    @Test func deletingAHistoryRowRemovesItFromTheIndexAndHistory() async {
        var deleted: [URL] = []
        let index = await makeIndex([row("https://a.test/page", visits: 5)])
        let controller = AutocompleteController(providers: [
            WhatYouTypedProvider(),
            HistoryQuickProvider(index: index, now: { testNow }, onDelete: { deleted.append($0) }),
        ])
        let match = try! #require(
            controller.start(AutocompleteInput(text: "page")).matches.first { $0.type == .historyURL })
        controller.deleteMatch(match)
        #expect(deleted == [URL(string: "https://a.test/page")!])
        #expect(!controller.result.matches.contains(match))
        #expect(controller.historyContents("page").isEmpty)
    }

    @Test func unicodeHostsAreShownDecoded() async {
        let controller = await makeController([row("https://xn--mnchen-3ya.test/stra%C3%9Fe", visits: 5)])
        #expect(controller.historyContents("mün") == ["münchen.test/straße"])
        #expect(controller.historyContents("stra") == ["münchen.test/straße"])
    }
}

@MainActor
private final class FakeSearchPrefs {
    var template = "https://one.test/?q={searchTerms}"
}

extension AutocompleteControllerTests {
    @Test func theTabRowsComeFromASourceNothingElseKeeps() {
        let source = FakeOpenTabSource()
        source.openTabs = [
            OpenTab(id: WebStateID.newUnique(), title: "Rust", url: URL(string: "https://a.test/")!)
        ]
        let provider = OpenTabProvider(source: source)
        weak let weakSource = source
        _ = consume source
        #expect(weakSource != nil)
        #expect(provider.start(AutocompleteInput(text: "rust")).count == 1)
    }
}
