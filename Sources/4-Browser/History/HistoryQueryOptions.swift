public import Foundation

/// Which visits ``HistoryService/queryHistory(_:options:)`` answers with, after Chromium's
/// `history::QueryOptions` (components/history/core/browser/history_types.h).
public struct HistoryQueryOptions: Sendable, Hashable {
    /// The earliest visit time included; nil: from the first visit.
    public var begin: Date?
    /// The visit time answers stop before (exclusive); nil: up to now. The next page of a
    /// list starts at the last answer's ``HistoryEntry/visitTime``.
    public var end: Date?
    /// At most this many answers; 0 or less: all of them.
    public var maxCount: Int

    public init(begin: Date? = nil, end: Date? = nil, maxCount: Int = 0) {
        self.begin = begin
        self.end = end
        self.maxCount = maxCount
    }
}
