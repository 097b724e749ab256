import Foundation
import Omnibox
import Testing
import Web

/// What a chosen match's visit is recorded as.
struct AutocompleteMatchTransitionTests {
    /// | match type | transition |
    @Test(arguments: [
        (AutocompleteMatchType.urlWhatYouTyped, "typed|fromAddressBar"),
        (.historyURL, "typed|fromAddressBar"),
        (.search, "generated|fromAddressBar"),
        (.bookmark, "autoBookmark|fromAddressBar"),
    ])
    func eachTypeOpensWithItsTransition(type: AutocompleteMatchType, transition: String) {
        let match = AutocompleteMatch(
            destinationURL: URL(string: "https://a.test/")!, contents: "a.test", type: type, relevance: 1)
        #expect(match.transition.description == transition)
    }
}

/// A page open in a tab shows as its tab's row.
struct AutocompleteResultOpenTabTests {
    static let url = URL(string: "https://a.test/")!

    static func match(
        _ type: AutocompleteMatchType, _ relevance: Int, default: Bool = false
    ) -> AutocompleteMatch {
        AutocompleteMatch(
            destinationURL: url, contents: "a.test", type: type, relevance: relevance,
            allowedToBeDefault: `default`)
    }

    @Test func theTabsRowTakesThePlaceOfThePagesHistoryRow() {
        let search = AutocompleteMatch(
            destinationURL: URL(string: "https://search.test/?q=a")!, contents: "a", type: .search,
            relevance: 1_500,
            allowedToBeDefault: true)
        let result = AutocompleteResult.sortedAndCulled([
            search, Self.match(.historyURL, 1_400), Self.match(.openTab, 1_300),
        ])
        #expect(result.matches.map(\.type) == [.search, .openTab])
    }

    @Test func aDefaultHistoryRowStaysFirstWithTheTabsRowAfterIt() {
        let result = AutocompleteResult.sortedAndCulled([
            Self.match(.historyURL, 900), Self.match(.openTab, 1_300),
            Self.match(.historyURL, 1_400, default: true),
        ])
        #expect(result.matches.map(\.type) == [.historyURL, .openTab])
    }
}
