public import Foundation

/// Suggestions from the pages of history whose URL or title hold the words typed, scored by
/// where the words match, how often and how lately the page was visited. After Chromium's
/// `HistoryQuickProvider` (components/omnibox/browser/history_quick_provider.cc) over the
/// ``URLIndex``, with the inline autocompletion of its `HistoryURLProvider`: the best page
/// whose URL starts with the text is filled in and becomes the default row.
@MainActor
public final class HistoryQuickProvider: AutocompleteProvider {
    public let index: URLIndex
    private let now: @MainActor () -> Date
    private let onDelete: @MainActor (URL) -> Void
    private let bookmarks: (any BookmarkSource)?

    /// A provider over `index`; `now` is the clock of the recency score, `onDelete` removes a
    /// URL from history when the user deletes its row (the history service's `deleteURLs`);
    /// the pages `bookmarks` holds score their visits as bookmarked ones
    /// (``AutocompleteConstants/bookmarkedVisitValue``).
    public init(
        index: URLIndex, now: @escaping @MainActor () -> Date = Date.init,
        bookmarks: (any BookmarkSource)? = nil, onDelete: @escaping @MainActor (URL) -> Void = { _ in }
    ) {
        self.index = index
        self.now = now
        self.bookmarks = bookmarks
        self.onDelete = onDelete
    }

    public func start(_ input: AutocompleteInput) -> [AutocompleteMatch] {
        let terms = Self.terms(of: input.text)
        let queryWords = terms.flatMap { FoldedText.words($0).map(Array.init) }
        guard !queryWords.isEmpty else { return [] }
        let now = self.now()
        var entries: [URLIndexEntry] = []
        var found: [TermMatches] = []
        var relevances: [Int] = []
        for entry in index.candidates(for: queryWords) {
            guard let matches = entry.text.match(terms) else { continue }
            entries.append(entry)
            found.append(matches)
            let isBookmarked = bookmarks?.isBookmarked(entry.row.url) ?? false
            relevances.append(
                Self.relevance(matches.topicality * entry.frequency(now: now, isBookmarked: isBookmarked)))
        }
        // Higher relevance first; among equals more typed, then more visited, then more recent.
        let order = entries.indices.sorted { a, b in
            relevances[a] != relevances[b]
                ? relevances[a] > relevances[b] : entries[a].isMoreSignificant(than: entries[b])
        }
        let text = input.text.trimmingCharacters(in: .whitespaces)
        var inlined: (index: Int, completion: String)?
        if input.allowsInlineAutocomplete {
            let typed = FoldedText.bytes(text)
            for index in order {
                if let completion = entries[index].text.inlineAutocompletion(forFolded: typed) {
                    inlined = (index, completion)
                    break
                }
            }
        }
        var shown = Array(order.prefix(AutocompleteConstants.maxMatches))
        if let inlined, !shown.contains(inlined.index) { shown.append(inlined.index) }
        return shown.map { index in
            let entry = entries[index]
            let completion = inlined?.index == index ? inlined?.completion : nil
            return AutocompleteMatch(
                destinationURL: entry.row.url, contents: entry.text.contents, description: entry.text.title,
                type: .historyURL,
                relevance: completion == nil
                    ? relevances[index]
                    : max(relevances[index], AutocompleteConstants.inlineableHistoryRelevance),
                inlineAutocompletion: completion ?? "",
                fillIntoEdit: completion.map { text + $0 } ?? entry.text.contents,
                contentsMatches: found[index].urlRanges, descriptionMatches: found[index].titleRanges,
                allowedToBeDefault: completion != nil)
        }
    }

    public func deleteMatch(_ match: AutocompleteMatch) {
        guard match.type == .historyURL else { return }
        index.urlsDeleted([match.destinationURL])
        onDelete(match.destinationURL)
    }

    /// The terms of `text`, folded: its words separated by spaces, the scheme and `www.` a
    /// display string omits taken off the first (history_quick_provider.cc strips them from
    /// the input the same way).
    static func terms(of text: String) -> [[UInt8]] {
        var terms = text.split(whereSeparator: \.isWhitespace).map { FoldedText.bytes(String($0)) }
        guard var first = terms.first else { return [] }
        for prefix in ["https://", "http://", "www."]
        where first.starts(with: prefix.utf8) && first.count > prefix.utf8.count {
            first.removeFirst(prefix.utf8.count)
        }
        terms[0] = first
        return terms
    }

    /// `score` (topicality × frequency) as a relevance (``AutocompleteConstants/relevanceBuckets``).
    static func relevance(_ score: Double) -> Int {
        let buckets = AutocompleteConstants.relevanceBuckets
        guard score > 0 else { return 0 }
        for (lower, upper) in zip(buckets, buckets.dropFirst()) where score <= upper.score {
            let fraction = (score - lower.score) / (upper.score - lower.score)
            return Int(lower.relevance + fraction * (upper.relevance - lower.relevance))
        }
        return Int(buckets[buckets.count - 1].relevance)
    }
}
