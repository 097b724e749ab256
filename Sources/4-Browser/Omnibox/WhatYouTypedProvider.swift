import Foundation

/// The row for the text itself: the URL typed, or a search for it with the default engine,
/// always allowed to be the default (Chromium's what-you-typed match of the
/// HistoryURLProvider and the SearchProvider's verbatim match).
@MainActor
public final class WhatYouTypedProvider: AutocompleteProvider {
    /// The default engine's template, asked on every keystroke (the user may change it in the
    /// preferences while the window is open).
    private let searchURLTemplate: @MainActor () -> String
    private let searchEngineName: @MainActor () -> String

    public init(
        searchURLTemplate: @escaping @MainActor () -> String = {
            LocationInputClassifier.defaultSearchURLTemplate
        },
        searchEngineName: @escaping @MainActor () -> String = { "" }
    ) {
        self.searchURLTemplate = searchURLTemplate
        self.searchEngineName = searchEngineName
    }

    public func start(_ input: AutocompleteInput) -> [AutocompleteMatch] {
        let classifier = LocationInputClassifier(searchURLTemplate: searchURLTemplate())
        let text = input.text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch classifier.classify(text) {
        case .url(let url):
            return [
                AutocompleteMatch(
                    destinationURL: url, contents: URLDisplayFormatter.displayString(for: url),
                    type: .urlWhatYouTyped, relevance: AutocompleteConstants.urlWhatYouTypedRelevance,
                    fillIntoEdit: input.text, allowedToBeDefault: true)
            ]
        case .search(let url):
            return [
                AutocompleteMatch(
                    destinationURL: url, contents: text, description: searchEngineName(), type: .search,
                    relevance: AutocompleteConstants.searchWhatYouTypedRelevance, fillIntoEdit: input.text,
                    allowedToBeDefault: true)
            ]
        case nil:
            return []
        }
    }
}
