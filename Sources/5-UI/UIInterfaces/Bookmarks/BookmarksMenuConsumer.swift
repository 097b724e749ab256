/// What the Bookmarks menu mediator pushes to the header bar's Bookmarks menu.
@MainActor
public protocol BookmarksMenuConsumer: AnyObject {
    /// The menu's entries: the Bookmarks Menu folder's own, then Other Bookmarks as a folder.
    /// `rootID` is the Bookmarks Menu folder's id, for its "Open All in Tabs".
    func setBookmarksMenu(_ entries: [BookmarksMenuEntry], rootID: Int64)
}
