public import Foundation

/// The bookmarks of a profile, for a bookmark provider (Chromium's `BookmarkProvider` over
/// its `BookmarkModel`'s titled-URL index). Swiftlet has no bookmarks yet: this is where they
/// will plug in, giving rows of type ``AutocompleteMatchType/bookmark``.
@MainActor
public protocol BookmarkSource: AnyObject {
    /// The bookmarks whose title or URL hold every one of `terms` (folded to lower case), at
    /// most `maxCount`, best first.
    func bookmarks(matching terms: [String], maxCount: Int) -> [(title: String, url: URL)]
}
