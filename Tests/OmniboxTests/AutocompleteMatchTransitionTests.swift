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
