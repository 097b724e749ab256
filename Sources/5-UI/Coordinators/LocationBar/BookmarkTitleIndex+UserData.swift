import Base
import Omnibox

extension BookmarkTitleIndex {
    /// Where a profile keeps the index of its bookmarks' words, made with its first window.
    static let userDataKey = UserDataKey<BookmarkTitleIndex>()
}
