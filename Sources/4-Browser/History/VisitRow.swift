public import Foundation
public import Web

/// One row of the `visits` table: one time a page was visited. After Chromium's
/// `history::VisitRow` (components/history/core/browser/history_types.h).
public struct VisitRow: Sendable, Hashable, Identifiable {
    /// The row's id in the `visits` table (0 for a row not yet stored).
    public var id: Int64
    /// The `urls` row visited.
    public var urlID: Int64
    public var visitTime: Date
    /// The visit this one came from (the previous hop of a redirect chain, or 0).
    public var referringVisit: Int64
    public var transition: PageTransition

    public init(
        id: Int64 = 0, urlID: Int64, visitTime: Date, referringVisit: Int64 = 0, transition: PageTransition
    ) {
        self.id = id
        self.urlID = urlID
        self.visitTime = visitTime
        self.referringVisit = referringVisit
        self.transition = transition
    }
}
