/// What the user does in the header bar's Bookmarks menu (ids are ``BookmarksMenuEntry/id``s).
@MainActor
public protocol BookmarksMenuCommands: AnyObject {
    /// Opens the bookmark `id` in the active tab, or in a new tab after it (a middle click).
    func openBookmark(_ id: Int64, inNewTab: Bool)
    /// Opens every bookmark directly in folder `id` in new tabs after the active one, the
    /// first selected (Chromium's "Open All").
    func openAllBookmarks(inFolder id: Int64)
}
