/// The bookmark the star's popover edits (Chromium's bookmark bubble): its name, the folder
/// it is in among the ones it may move to, and whether it was just added.
public struct BookmarkEditorItem: Sendable, Hashable {
    /// The bookmark's node id in the model.
    public var bookmarkID: Int64
    public var title: String
    public var url: String
    public var folders: [BookmarkFolderChoice]
    public var folderID: Int64
    /// Whether the command that opened the editor added the bookmark ("Bookmark Added"
    /// rather than "Edit Bookmark").
    public var isNew: Bool

    public init(
        bookmarkID: Int64, title: String, url: String, folders: [BookmarkFolderChoice], folderID: Int64,
        isNew: Bool
    ) {
        self.bookmarkID = bookmarkID
        self.title = title
        self.url = url
        self.folders = folders
        self.folderID = folderID
        self.isNew = isNew
    }
}
