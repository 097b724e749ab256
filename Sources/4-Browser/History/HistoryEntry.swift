public import Foundation
public import Web

/// One visit as lists show it: the visit and its page, after Chromium's `history::URLResult`
/// (components/history/core/browser/history_types.h).
public struct HistoryEntry: Sendable, Hashable, Identifiable {
    /// The visit's id in the `visits` table.
    public var id: Int64
    /// The page's id in the `urls` table.
    public var urlID: Int64
    public var url: URL
    /// The page's title (empty when it never set one).
    public var title: String
    public var visitTime: Date
    public var transition: PageTransition

    public init(id: Int64, urlID: Int64, url: URL, title: String, visitTime: Date, transition: PageTransition)
    {
        self.id = id
        self.urlID = urlID
        self.url = url
        self.title = title
        self.visitTime = visitTime
        self.transition = transition
    }
}
