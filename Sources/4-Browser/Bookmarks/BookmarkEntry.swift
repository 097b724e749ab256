public import Foundation

/// A bookmark or a folder of bookmarks as a file holds it — what import reads and export
/// writes — before it is (or after it was) a node of the profile's bookmarks. After
/// Chromium's `ImportedBookmarkEntry` (chrome/common/importer/imported_bookmark_entry.h),
/// as a tree rather than a flat list with folder paths.
public struct BookmarkEntry: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case url(URL)
        case folder([BookmarkEntry])
    }

    public var kind: Kind
    public var title: String
    public var dateAdded: Date?
    public var dateModified: Date?
    /// A folder the file marks as its browser's toolbar folder (`PERSONAL_TOOLBAR_FOLDER`).
    public var isToolbarFolder: Bool

    public init(
        _ kind: Kind, title: String, dateAdded: Date? = nil, dateModified: Date? = nil,
        isToolbarFolder: Bool = false
    ) {
        self.kind = kind
        self.title = title
        self.dateAdded = dateAdded
        self.dateModified = dateModified
        self.isToolbarFolder = isToolbarFolder
    }

    /// A bookmark of `url`.
    public static func url(_ url: URL, title: String, dateAdded: Date? = nil) -> BookmarkEntry {
        BookmarkEntry(.url(url), title: title, dateAdded: dateAdded)
    }

    /// A folder holding `children`.
    public static func folder(
        _ title: String, _ children: [BookmarkEntry], dateAdded: Date? = nil, dateModified: Date? = nil,
        isToolbarFolder: Bool = false
    ) -> BookmarkEntry {
        BookmarkEntry(
            .folder(children), title: title, dateAdded: dateAdded, dateModified: dateModified,
            isToolbarFolder: isToolbarFolder)
    }

    public var url: URL? {
        guard case .url(let url) = kind else { return nil }
        return url
    }

    public var children: [BookmarkEntry] {
        guard case .folder(let children) = kind else { return [] }
        return children
    }

    /// The bookmarks (not folders) in this entry and below.
    public var bookmarkCount: Int {
        switch kind {
        case .url: 1
        case .folder(let children): children.reduce(0) { $0 + $1.bookmarkCount }
        }
    }

    /// The folders in this entry and below, itself included.
    public var folderCount: Int {
        switch kind {
        case .url: 0
        case .folder(let children): 1 + children.reduce(0) { $0 + $1.folderCount }
        }
    }
}
