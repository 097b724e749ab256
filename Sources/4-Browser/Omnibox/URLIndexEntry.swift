import Foundation
import History

/// One history row in the in-memory index, with its most recent visits (Chromium's
/// `HistoryInfoMapValue`: the row and its `VisitInfoVector`, url_index_private_data.h).
struct URLIndexEntry: Sendable {
    /// A visit as the frequency score sees it.
    struct Visit: Sendable, Hashable {
        var time: Date
        var typed: Bool
    }

    var row: URLRow
    var text: TitledURL
    /// The most recent visits first, at most ``AutocompleteConstants/maxVisitsToScore``.
    var visits: [Visit]

    /// `row` with visits made up from its counts, all at its last visit: the rows the history
    /// service gives carry no visits (Chromium reads each URL's visits from the database here,
    /// `GetMostRecentVisitsForURL`); the real ones replace them as they arrive.
    init(row: URLRow) {
        self.row = row
        text = TitledURL(url: row.url, title: row.title)
        let count = min(max(row.visitCount, row.typedCount, 1), AutocompleteConstants.maxVisitsToScore)
        let typed = min(row.typedCount, count)
        visits = (0..<count).map { Visit(time: row.lastVisit, typed: $0 < typed) }
    }

    /// Whether `row` belongs in the index: not hidden, visited as a page of its own at least
    /// once (a row only ever reached through a redirect, or a failed load, counts no visit),
    /// and significant (`RowQualifiesAsSignificant`, url_database.cc).
    static func qualifies(_ row: URLRow, now: Date) -> Bool {
        guard !row.hidden, row.visitCount > 0 || row.typedCount > 0 else { return false }
        let recent =
            now.timeIntervalSince(row.lastVisit) < Double(AutocompleteConstants.significantAgeInDays) * 86_400
        return row.typedCount >= AutocompleteConstants.significantTypedCount
            || row.visitCount >= AutocompleteConstants.significantVisitCount || recent
    }

    /// Whether this entry comes before `other` when candidates are trimmed: more typed, then
    /// more visited, then more recent (`HistoryItemFactorGreater`, url_index_private_data.cc).
    func isMoreSignificant(than other: URLIndexEntry) -> Bool {
        if row.typedCount != other.row.typedCount { return row.typedCount > other.row.typedCount }
        if row.visitCount != other.row.visitCount { return row.visitCount > other.row.visitCount }
        return row.lastVisit > other.row.lastVisit
    }

    /// The frequency score: the last visits, typed ones worth more and a bookmarked page's
    /// more still, each weighted by its recency, scaled by how many there are
    /// (`ScoredHistoryMatch::GetFrequency`).
    func frequency(now: Date, isBookmarked: Bool = false) -> Double {
        let points = visits.reduce(0.0) { sum, visit in
            var value = visit.typed ? AutocompleteConstants.typedVisitValue : 1
            if isBookmarked { value = max(value, AutocompleteConstants.bookmarkedVisitValue) }
            return sum + value * Self.recency(daysAgo: now.timeIntervalSince(visit.time) / 86_400)
        }
        return Double(visits.count) * points / Double(AutocompleteConstants.maxVisitsToScore)
    }

    /// How much a visit `daysAgo` days old counts (``AutocompleteConstants/recencyBuckets``).
    static func recency(daysAgo: Double) -> Double {
        let buckets = AutocompleteConstants.recencyBuckets
        let days = max(daysAgo, 0)
        guard days > buckets[0].days else { return buckets[0].score }
        for (lower, upper) in zip(buckets, buckets.dropFirst()) where days <= upper.days {
            let fraction = (days - lower.days) / (upper.days - lower.days)
            return lower.score + fraction * (upper.score - lower.score)
        }
        return buckets[buckets.count - 1].score
    }
}
