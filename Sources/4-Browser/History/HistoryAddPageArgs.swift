public import Foundation
public import Web

/// What a tab hands the history service for one committed navigation, after Chromium's
/// `history::HistoryAddPageArgs` (components/history/core/browser/history_types.h).
public struct HistoryAddPageArgs: Sendable, Hashable {
    /// The page that committed.
    public var url: URL
    public var time: Date
    /// The redirect chain that ended at ``url``, first hop first and ``url`` last; empty
    /// when the navigation was not redirected.
    public var redirects: [URL]
    public var transition: PageTransition
    /// The page's title when it is known at commit.
    public var title: String?
    /// Whether the page is kept out of lists (its row is hidden).
    public var hidden: Bool
    /// The page the navigation came from: its latest visit becomes this visit's
    /// `from_visit`.
    public var referrer: URL?

    public init(
        url: URL, time: Date, redirects: [URL] = [], transition: PageTransition, title: String? = nil,
        hidden: Bool = false, referrer: URL? = nil
    ) {
        self.url = url
        self.time = time
        self.redirects = redirects
        self.transition = transition
        self.title = title
        self.hidden = hidden
        self.referrer = referrer
    }
}
