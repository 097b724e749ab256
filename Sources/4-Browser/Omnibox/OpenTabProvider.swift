/// "Switch to Tab" rows: the open tabs whose URL or title hold the words typed. After
/// Chromium's `OpenTabProvider` (components/omnibox/browser/open_tab_provider.cc). A tab row
/// is never the default (Enter loads what was typed, it does not leave the tab), and it is
/// scored by topicality alone, as a page visited once now, so that a page the user visits
/// often is offered as itself before its tab.
@MainActor
public final class OpenTabProvider: AutocompleteProvider {
    private let source: any OpenTabSource

    public init(source: any OpenTabSource) {
        self.source = source
    }

    public func start(_ input: AutocompleteInput) -> [AutocompleteMatch] {
        let terms = HistoryQuickProvider.terms(of: input.text)
        guard !terms.isEmpty else { return [] }
        var matches: [AutocompleteMatch] = []
        for tab in source.openTabs {
            let text = TitledURL(url: tab.url, title: tab.title)
            guard let found = text.match(terms) else { continue }
            let frequency = 1 / Double(AutocompleteConstants.maxVisitsToScore)
            matches.append(
                AutocompleteMatch(
                    destinationURL: tab.url, contents: text.contents, description: tab.title, type: .openTab,
                    relevance: HistoryQuickProvider.relevance(found.topicality * frequency),
                    fillIntoEdit: text.contents, contentsMatches: found.urlRanges,
                    descriptionMatches: found.titleRanges, tabID: tab.id))
        }
        return matches
    }
}
