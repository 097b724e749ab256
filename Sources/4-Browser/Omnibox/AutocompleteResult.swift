/// The rows of one keystroke, best first, at most ``AutocompleteConstants/maxMatches``, no two
/// for the same page. After Chromium's `AutocompleteResult`
/// (components/omnibox/browser/autocomplete_result.h).
public struct AutocompleteResult: Sendable, Hashable {
    public var matches: [AutocompleteMatch]

    public init(matches: [AutocompleteMatch] = []) { self.matches = matches }

    /// What Enter opens: the first row, when it may be the default (the controller puts such
    /// a match first whenever there is one).
    public var defaultMatch: AutocompleteMatch? {
        matches.first.flatMap { $0.allowedToBeDefault ? $0 : nil }
    }

    /// `matches` sorted by relevance (the providers' order among equals), without duplicates
    /// (the best of each page stays, allowed to be default when any of its copies was), cut
    /// to the maximum, with the best match allowed to be default moved to the top
    /// (`SortAndCull`, autocomplete_result.cc).
    public static func sortedAndCulled(_ matches: [AutocompleteMatch]) -> AutocompleteResult {
        let sorted = matches.enumerated().sorted {
            ($0.element.relevance, $1.offset) > ($1.element.relevance, $0.offset)
        }.map(\.element)
        var kept: [AutocompleteMatch] = []
        var indexByURL: [String: Int] = [:]
        var tabsOfKeptPages: [(index: Int, tab: AutocompleteMatch)] = []
        for match in sorted {
            let key = match.strippedDestinationURL
            if let index = indexByURL[key] {
                if match.type == .openTab && kept[index].type != .openTab {
                    tabsOfKeptPages.append((index, match))
                }
                // A copy that may be the default lends that to the better one when it completes
                // nothing the better one would not (`MergeMatchesByProvider`).
                if match.allowedToBeDefault && !kept[index].allowedToBeDefault
                    && match.inlineAutocompletion.isEmpty
                {
                    kept[index].allowedToBeDefault = true
                }
                continue
            }
            indexByURL[key] = kept.count
            kept.append(match)
        }
        // A page open in a tab shows as "Switch to Tab" in place of its history row, as
        // Firefox's does; its history row stays only when it may be the default (what Enter
        // opens, with its inline completion), and the tab's row comes right after it.
        for (index, tab) in tabsOfKeptPages.reversed() {
            if index == 0 && kept[0].allowedToBeDefault {
                kept.insert(tab, at: 1)
            } else {
                kept[index] = tab
            }
        }
        if let first = kept.firstIndex(where: \.allowedToBeDefault), first > 0 {
            kept.insert(kept.remove(at: first), at: 0)
        }
        return AutocompleteResult(matches: Array(kept.prefix(AutocompleteConstants.maxMatches)))
    }
}
