import Foundation

/// Rows for the bookmarks whose title or URL hold words beginning with each word typed,
/// visited or not. After Chromium's `BookmarkProvider`
/// (components/omnibox/browser/bookmark_provider.cc): a bookmark is scored by how much of
/// its title (and URL) the terms cover and how early (`CalculateBookmarkMatchRelevance`),
/// between ``AutocompleteConstants/bookmarkBaseRelevance`` and
/// ``AutocompleteConstants/bookmarkMaxRelevance``; it is never the default row (Enter goes
/// where the history and what-you-typed rows say, as a bookmark row only becomes the default
/// in Chromium with its inline autocompletion, which this provider does not do).
@MainActor
public final class BookmarkProvider: AutocompleteProvider {
    private let source: any BookmarkSource

    public init(source: any BookmarkSource) {
        self.source = source
    }

    public func start(_ input: AutocompleteInput) -> [AutocompleteMatch] {
        let terms = HistoryQuickProvider.terms(of: input.text)
        let queryWords = terms.flatMap { FoldedText.words($0).map { String(decoding: $0, as: UTF8.self) } }
        guard !queryWords.isEmpty else { return [] }
        var matches: [AutocompleteMatch] = []
        var seen = Set<URL>()
        for bookmark in source.bookmarks(
            matching: queryWords, maxCount: AutocompleteConstants.maxBookmarkMatches)
        where seen.insert(bookmark.url).inserted {
            let text = TitledURL(url: bookmark.url, title: bookmark.title)
            guard let found = text.match(terms) else { continue }
            matches.append(
                AutocompleteMatch(
                    destinationURL: bookmark.url, contents: text.contents, description: bookmark.title,
                    type: .bookmark,
                    relevance: Self.relevance(
                        titleMatches: found.titleRanges, titleLength: text.titleBytes.count,
                        urlMatches: found.urlRanges, urlLength: text.contentsBytes.count),
                    fillIntoEdit: text.contents, contentsMatches: found.urlRanges,
                    descriptionMatches: found.titleRanges))
        }
        return matches
    }

    /// Chromium's `CalculateBookmarkMatchRelevance`: each match counts its length, weighted
    /// by how early it starts (`ScoringFunctor`: `length × (textLength − start) / textLength`),
    /// in the title and in the URL; their sum over the title's length plus 10, at most 1,
    /// places the relevance between the base and the maximum.
    static func relevance(
        titleMatches: [Range<Int>], titleLength: Int, urlMatches: [Range<Int>], urlLength: Int
    ) -> Int {
        func factor(_ ranges: [Range<Int>], _ length: Int) -> Double {
            guard length > 0 else { return 0 }
            return ranges.reduce(0) { sum, range in
                sum + Double(range.count) * Double(length - range.lowerBound) / Double(length)
            }
        }
        let summed = factor(titleMatches, titleLength) + factor(urlMatches, urlLength)
        let normalized = min(summed / Double(titleLength + 10), 1)
        let base = AutocompleteConstants.bookmarkBaseRelevance
        let range = Double(AutocompleteConstants.bookmarkMaxRelevance - base)
        return base + Int(normalized * range)
    }
}
