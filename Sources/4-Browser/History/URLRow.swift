public import Foundation

/// One row of the `urls` table: a page the profile has visited, with the counts the location
/// bar ranks by. After Chromium's `history::URLRow` (components/history/core/browser/url_row.h).
public struct URLRow: Sendable, Hashable, Identifiable {
    /// The row's id in the `urls` table (0 for a row not yet stored).
    public var id: Int64
    public var url: URL
    /// The page's last title (empty when it never set one).
    public var title: String
    /// Visits that count: not reloads, back/forward or redirect hops.
    public var visitCount: Int
    /// Visits typed in the location bar.
    public var typedCount: Int
    public var lastVisit: Date
    /// Whether the page is kept out of lists (a redirect hop, a subframe).
    public var hidden: Bool

    public init(
        id: Int64 = 0, url: URL, title: String = "", visitCount: Int = 0, typedCount: Int = 0,
        lastVisit: Date, hidden: Bool = false
    ) {
        self.id = id
        self.url = url
        self.title = title
        self.visitCount = visitCount
        self.typedCount = typedCount
        self.lastVisit = lastVisit
        self.hidden = hidden
    }
}
