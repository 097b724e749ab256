public import Foundation

/// The bookmarks of a profile, for the ``BookmarkProvider`` and for the history provider's
/// bonus to bookmarked pages (Chromium's `BookmarkProvider` over its `BookmarkModel`'s
/// titled-URL index, and `ScoredHistoryMatch`'s `is_url_bookmarked`). ``BookmarkTitleIndex``
/// is the one over a ``Bookmarks/BookmarkModel``.
@MainActor
public protocol BookmarkSource: AnyObject {
    /// The bookmarks whose title or URL hold a word starting with each one of `terms`
    /// (folded to lower case), at most `maxCount`, the most recently used or added first.
    func bookmarks(matching terms: [String], maxCount: Int) -> [(title: String, url: URL)]
    /// Whether some bookmark is of `url`.
    func isBookmarked(_ url: URL) -> Bool
}
