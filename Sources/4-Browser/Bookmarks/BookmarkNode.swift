public import Foundation

/// A bookmark or a folder of the profile's bookmarks, after Chromium's `BookmarkNode`
/// (components/bookmarks/browser/bookmark_node.h). Nodes belong to their ``BookmarkModel``:
/// everything but the model reads them, only the model changes them.
@MainActor
public final class BookmarkNode {
    public enum Kind: Sendable, Hashable {
        /// The invisible node above the permanent folders (Chromium's `root_node()`).
        case root
        /// A folder the user cannot move, rename or remove (Chromium's permanent nodes).
        case permanentFolder
        case folder
        case url
    }

    /// Unique in the model and the same across runs (Chromium's `id()`); never reused after
    /// a removal, so that an undone removal gets its ids back.
    public let id: Int64
    /// The same across runs and machines (Chromium's `uuid()`); the permanent folders have
    /// Chromium's fixed ones.
    public let guid: UUID
    public let kind: Kind
    public internal(set) var title: String
    /// Nil for folders.
    public internal(set) var url: URL?
    public internal(set) var dateAdded: Date
    /// When the bookmark was last opened (Chromium's `date_last_used()`); nil if never.
    public internal(set) var dateLastUsed: Date?
    /// For a folder, when a child was last added or moved in (Chromium's
    /// `date_folder_modified()`); for a bookmark, when its title or URL was last edited.
    public internal(set) var dateModified: Date?
    public internal(set) var children: [BookmarkNode] = []
    public internal(set) weak var parent: BookmarkNode?

    init(
        id: Int64, guid: UUID, kind: Kind, title: String, url: URL? = nil, dateAdded: Date,
        dateLastUsed: Date? = nil, dateModified: Date? = nil
    ) {
        self.id = id
        self.guid = guid
        self.kind = kind
        self.title = title
        self.url = url
        self.dateAdded = dateAdded
        self.dateLastUsed = dateLastUsed
        self.dateModified = dateModified
    }

    public var isFolder: Bool { kind != .url }
    public var isURL: Bool { kind == .url }
    /// The root or one of the permanent folders under it.
    public var isPermanent: Bool { kind == .root || kind == .permanentFolder }

    /// The position of `child` among ``children``.
    public func index(of child: BookmarkNode) -> Int? {
        children.firstIndex { $0 === child }
    }

    /// Whether `ancestor` is this node or one of its parents (Chromium's `HasAncestor`).
    public func hasAncestor(_ ancestor: BookmarkNode) -> Bool {
        var node: BookmarkNode? = self
        while let current = node {
            if current === ancestor { return true }
            node = current.parent
        }
        return false
    }

    /// This node and every node below it, parents before their children.
    public var subtree: [BookmarkNode] {
        var nodes = [self]
        var index = 0
        while index < nodes.count {
            nodes.append(contentsOf: nodes[index].children)
            index += 1
        }
        return nodes
    }
}
