/// What a deletion removed, for ``HistoryServiceObserver``s, after Chromium's
/// `history::DeletionInfo` (components/history/core/browser/history_types.h).
public struct HistoryDeletionInfo: Sendable, Hashable {
    /// Whether every visit and page went.
    public var isAllHistory: Bool
    /// The pages that went with their last visit (empty when ``isAllHistory``).
    public var deletedRows: [URLRow]
    /// The visits that went (empty when ``isAllHistory``).
    public var deletedVisitIDs: [Int64]
    /// Whether old visits were expired rather than deleted by the user.
    public var isExpired: Bool

    public init(
        isAllHistory: Bool, deletedRows: [URLRow] = [], deletedVisitIDs: [Int64] = [], isExpired: Bool = false
    ) {
        self.isAllHistory = isAllHistory
        self.deletedRows = deletedRows
        self.deletedVisitIDs = deletedVisitIDs
        self.isExpired = isExpired
    }

    /// Every visit and page went.
    public static let allHistory = HistoryDeletionInfo(isAllHistory: true)
}
