/// What the star at the end of the location entry shows for the active page.
public enum BookmarkStarState: Sendable, Hashable {
    /// No star: nothing to bookmark (a new tab, no tab) or the bookmarks are not read yet.
    case hidden
    /// An outline star: the page is not bookmarked.
    case unstarred
    /// A filled star: some bookmark is of the page's URL (Chromium's `IsBookmarked`).
    case starred
}
