import Foundation

/// Every number the suggestions are ranked by, with the Chromium file it comes from
/// (components/omnibox/browser/ unless said otherwise). Changing one changes what people see
/// first in the location bar: the tests in OmniboxTests read them from here.
public enum AutocompleteConstants {
    // MARK: The result

    /// Rows shown at most: `AutocompleteResult::GetMaxMatches()` on desktop
    /// (autocomplete_result.cc).
    public static let maxMatches = 8

    // MARK: Which history rows are indexed

    /// A row typed at least this often is significant (`kLowQualityMatchTypedLimit`,
    /// history_url_provider.h; the same rule as `HistoryService.querySignificantURLs()`).
    public static let significantTypedCount = 1
    /// …or visited at least this often (`kLowQualityMatchVisitLimit`).
    public static let significantVisitCount = 4
    /// …or visited within this many days (`kLowQualityMatchAgeLimitInDays`).
    public static let significantAgeInDays = 3

    // MARK: Candidates

    /// Candidates scored per keystroke at most; more are trimmed first by typed count, then
    /// visit count, then last visit (`kItemsToScoreLimit` and `HistoryItemFactorGreater`,
    /// url_index_private_data.cc).
    public static let itemsToScoreLimit = 500
    /// Visits of a URL kept in the index and used for its frequency (`kMaxVisitsToStoreInCache`,
    /// url_index_private_data.cc; `max_visits_to_score_`, scored_history_match.cc).
    public static let maxVisitsToScore = 10

    // MARK: Frequency and recency (scored_history_match.cc)

    /// A typed visit counts this much, any other visit 1 (`typed_value_`).
    public static let typedVisitValue = 1.5
    /// How much a visit counts by its age in days: 100 % up to 4 days, then linearly down to
    /// 70 % at 14, 50 % at 31, 30 % at 90 and 10 % at 365, 10 % beyond
    /// (`InitDaysAgoToRecencyScoreArray`, its default buckets).
    public static let recencyBuckets: [(days: Double, score: Double)] = [
        (4, 1.0), (14, 0.7), (31, 0.5), (90, 0.3), (365, 0.1),
    ]

    // MARK: Topicality (scored_history_match.cc, `GetTopicalityScore`)

    /// Raw points of one term's match at the start of the host or of a word in the host.
    public static let hostWordStartPoints = 10
    /// …in the host but in the middle of a word (the only place a mid-word match counts:
    /// `FilterTermMatchesByWordStarts` drops them in the path, query and title).
    public static let hostMidWordPoints = 2
    /// …at the start of a word of the path.
    public static let pathWordStartPoints = 8
    /// …at the start of a word of the query or fragment.
    public static let queryWordStartPoints = 5
    /// …at the start of a word of the title.
    public static let titleWordStartPoints = 8
    /// Raw points of one term are capped below this (`kMaxRawTermScore`).
    public static let maxRawTermScore = 30

    /// The topicality of a term's raw points: linear up to 10 points (0.1 each), then
    /// `1 + 2.25 log10(points / 10)` (`InitRawTermScoreToTopicalityScoreArray`).
    public static func topicality(rawTermScore points: Int) -> Double {
        let points = min(points, maxRawTermScore - 1)
        return points < 10 ? 0.1 * Double(points) : 1 + 2.25 * log10(0.1 * Double(points))
    }

    // MARK: Relevance

    // MARK: Bookmarks

    /// A visit to a bookmarked page counts at least this much, where another counts 1 and a
    /// typed one ``typedVisitValue``: `bookmark_value_` in `ScoredHistoryMatch::GetFrequency`
    /// (scored_history_match.cc), `OmniboxFieldTrial::HQPBookmarkValue()`'s default of 10
    /// (omnibox_field_trial.cc). It is Chromium's whole bonus for bookmarked history pages.
    public static let bookmarkedVisitValue = 10.0
    /// Bookmarks the bookmark provider scores per keystroke at most (`kMaxBookmarkMatches`,
    /// bookmark_provider.cc).
    public static let maxBookmarkMatches = 50
    /// The relevance of a bookmark row whose terms cover nothing of its title, and of one
    /// they cover entirely (`kBaseBookmarkScore` and `kMaxBookmarkScore`, bookmark_provider.cc).
    public static let bookmarkBaseRelevance = 900
    public static let bookmarkMaxRelevance = 1199

    /// Topicality × frequency mapped to relevance, linear between the points, the last one's
    /// relevance beyond it (the HistoryQuickProvider's default relevance buckets,
    /// `"0.0:550,1:625,9.0:1300,90.0:1399"`, omnibox_field_trial.cc).
    public static let relevanceBuckets: [(score: Double, relevance: Double)] = [
        (0, 550), (1, 625), (9, 1300), (90, 1399),
    ]
    /// The relevance of the history match that is inline-completed: above every other
    /// provider's, so that it is the default row (`kScoreForBestInlineableResult`,
    /// history_url_provider.cc).
    public static let inlineableHistoryRelevance = 1413
    /// What was typed, when it is a URL (`kScoreForWhatYouTypedResult`, history_url_provider.cc).
    public static let urlWhatYouTypedRelevance = 1203
    /// What was typed, when it is searched for (the verbatim relevance of a query,
    /// `SearchProvider::CalculateRelevanceForVerbatim`, search_provider.cc).
    public static let searchWhatYouTypedRelevance = 1300
}
