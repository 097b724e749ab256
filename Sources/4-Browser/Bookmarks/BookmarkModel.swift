import Base
public import Foundation

/// A profile's bookmarks, after Chromium's `BookmarkModel`
/// (components/bookmarks/browser/bookmark_model.h): a tree of ``BookmarkNode``s under an
/// invisible root and two permanent folders, every change told to the observers and handed
/// to the ``BookmarkStore`` at once.
///
/// The permanent folders are a "Bookmarks Menu" and "Other Bookmarks": GNOME Web's and
/// Firefox's users expect a menu root, and the header bar's Bookmarks menu is where this
/// browser shows what Chromium shows on its bookmark bar, so Chromium's bookmark bar node
/// (id 1, its fixed GUID) is our menu; Other Bookmarks keeps Chromium's id 2 and GUID.
///
/// The stored bookmarks are read off the main thread when the model is made: until
/// ``isLoaded``, the model holds its empty permanent folders, and changing it is a
/// programming error (Chromium's `DCHECK(loaded_)`).
@MainActor
public final class BookmarkModel {
    public static let bookmarksMenuTitle = "Bookmarks Menu"
    public static let otherBookmarksTitle = "Other Bookmarks"
    /// Chromium's `kBookmarkBarNodeUuid` (components/bookmarks/browser/bookmark_node.cc).
    public static let bookmarksMenuGUID = UUID(uuidString: "0bc5d13f-2cba-5d74-951f-3f233fe6c908")!
    /// Chromium's `kOtherBookmarksNodeUuid`.
    public static let otherBookmarksGUID = UUID(uuidString: "82b081ec-3dd3-529c-8475-ab6c344590dd")!
    /// Chromium's `kRootNodeUuid`.
    static let rootGUID = UUID(uuidString: "2509a7dc-cf68-4dce-8a59-a6cd6c8e4b5a")!

    public let root: BookmarkNode
    public let bookmarksMenu: BookmarkNode
    public let otherBookmarks: BookmarkNode
    public let store: BookmarkStore
    public private(set) var isLoaded = false

    let now: @MainActor () -> Date
    let observers = ObserverList<any BookmarkModelObserver>()
    var nodesByID: [Int64: BookmarkNode] = [:]
    var nodesByURL: [URL: [BookmarkNode]] = [:]
    var nextID: Int64 = 3
    var extensiveChangesDepth = 0
    private var pendingRows: [Int64: BookmarkRow] = [:]
    private var pendingDeletions: Set<Int64> = []
    private var loadWaiters: [CheckedContinuation<Void, Never>] = []
    private var isShutDown = false

    /// A model of `store`'s bookmarks, read from now on; `now` dates the changes.
    public init(store: BookmarkStore, now: @escaping @MainActor () -> Date = { Date() }) {
        self.store = store
        self.now = now
        let epoch = Date(timeIntervalSince1970: 0)
        root = BookmarkNode(id: 0, guid: Self.rootGUID, kind: .root, title: "", dateAdded: epoch)
        bookmarksMenu = BookmarkNode(
            id: 1, guid: Self.bookmarksMenuGUID, kind: .permanentFolder, title: Self.bookmarksMenuTitle,
            dateAdded: now())
        otherBookmarks = BookmarkNode(
            id: 2, guid: Self.otherBookmarksGUID, kind: .permanentFolder, title: Self.otherBookmarksTitle,
            dateAdded: now())
        for folder in [bookmarksMenu, otherBookmarks] {
            folder.parent = root
            root.children.append(folder)
        }
        for node in root.subtree { nodesByID[node.id] = node }
        store.load { [weak self] rows in self?.didLoad(rows) }
    }

    /// What went wrong with the file, if anything.
    public var problem: BookmarkProblem? { store.problem }

    /// Returns once the stored bookmarks have been read.
    public func waitUntilLoaded() async {
        guard !isLoaded else { return }
        await withCheckedContinuation { loadWaiters.append($0) }
    }

    /// Waits until every change made so far is on disk.
    public func flush() { store.flush() }

    /// Waits for the writes; the model is not to be changed after this.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        store.flush()
    }

    public func addObserver(_ observer: any BookmarkModelObserver) { observers.add(observer) }

    public func removeObserver(_ observer: any BookmarkModelObserver) { observers.remove(observer) }

    /// The node `id`, if in the model.
    public func node(id: Int64) -> BookmarkNode? { nodesByID[id] }

    /// The bookmarks of `url`, oldest first (Chromium's `GetNodesByURL`).
    public func nodes(for url: URL) -> [BookmarkNode] { nodesByURL[url] ?? [] }

    /// Whether some bookmark is of `url` (Chromium's `IsBookmarked`): what fills the star.
    public func isBookmarked(_ url: URL) -> Bool { !(nodesByURL[url]?.isEmpty ?? true) }

    // MARK: Loading

    private func didLoad(_ rows: [BookmarkRow]) {
        guard !isLoaded else { return }
        var rowsByParent: [Int64: [BookmarkRow]] = [:]
        for row in rows { rowsByParent[row.parentID, default: []].append(row) }
        for folder in [bookmarksMenu, otherBookmarks] {
            if let row = rows.first(where: { $0.id == folder.id && $0.kind == .permanentFolder }) {
                folder.dateAdded = row.dateAdded
                folder.dateModified = row.dateModified
            }
        }
        // Down from the permanent folders; a row found nowhere below them (its parent gone,
        // or a bookmark's child in a damaged file) joins Other Bookmarks rather than vanish.
        var attached: Set<Int64> = [0, 1, 2]
        var queue = [bookmarksMenu, otherBookmarks]
        var index = 0
        while index < queue.count {
            let parent = queue[index]
            index += 1
            for row in rowsByParent[parent.id] ?? [] where row.kind != .permanentFolder {
                guard attached.insert(row.id).inserted else { continue }
                let node = makeNode(row)
                attach(node, to: parent, at: parent.children.count)
                if node.isFolder { queue.append(node) }
            }
        }
        var strays: [BookmarkNode] = []
        for row in rows where row.kind != .permanentFolder && !attached.contains(row.id) {
            attached.insert(row.id)
            let node = makeNode(row)
            attach(node, to: otherBookmarks, at: otherBookmarks.children.count)
            strays.append(node)
        }
        nextID = max(nextID, (rows.map(\.id).max() ?? 0) + 1)
        isLoaded = true
        if rows.isEmpty || !strays.isEmpty {
            persist(children: [otherBookmarks])
            persist(nodes: [bookmarksMenu, otherBookmarks])
            commitIfNotBatching()
        }
        let waiters = loadWaiters
        loadWaiters = []
        for waiter in waiters { waiter.resume() }
        observers.forEach { $0.bookmarkModelLoaded(self) }
    }

    func makeNode(_ row: BookmarkRow) -> BookmarkNode {
        BookmarkNode(
            id: row.id, guid: row.guid, kind: row.kind, title: row.title, url: row.url,
            dateAdded: row.dateAdded,
            dateLastUsed: row.dateLastUsed, dateModified: row.dateModified)
    }

    // MARK: The tree and its indexes

    /// Puts `node` (and its subtree) into the tree and the indexes.
    func attach(_ node: BookmarkNode, to parent: BookmarkNode, at index: Int) {
        parent.children.insert(node, at: index)
        node.parent = parent
        for added in node.subtree {
            nodesByID[added.id] = added
            if let url = added.url { nodesByURL[url, default: []].append(added) }
        }
    }

    /// Takes `node` (and its subtree) out of the tree and the indexes.
    func detach(_ node: BookmarkNode) {
        guard let parent = node.parent, let index = parent.index(of: node) else { return }
        parent.children.remove(at: index)
        node.parent = nil
        for removed in node.subtree {
            nodesByID[removed.id] = nil
            if let url = removed.url { unindex(removed, url) }
        }
    }

    func unindex(_ node: BookmarkNode, _ url: URL) {
        nodesByURL[url]?.removeAll { $0 === node }
        if nodesByURL[url]?.isEmpty == true { nodesByURL[url] = nil }
    }

    // MARK: Writing

    func row(_ node: BookmarkNode, position: Int) -> BookmarkRow {
        BookmarkRow(
            id: node.id, guid: node.guid, parentID: node.parent?.id ?? 0, position: position, kind: node.kind,
            title: node.title, url: node.url, dateAdded: node.dateAdded, dateLastUsed: node.dateLastUsed,
            dateModified: node.dateModified)
    }

    /// Queues the rows of `nodes`.
    func persist(nodes: [BookmarkNode]) {
        for node in nodes {
            let position = node.parent?.index(of: node) ?? 0
            pendingDeletions.remove(node.id)
            pendingRows[node.id] = row(node, position: position)
        }
    }

    /// Queues the rows of the children of `folders` from index `start` on (the ones whose
    /// positions a change at `start` moved).
    func persist(children folders: [BookmarkNode], from start: Int = 0) {
        for folder in folders {
            for position in max(0, start)..<folder.children.count {
                let child = folder.children[position]
                pendingDeletions.remove(child.id)
                pendingRows[child.id] = row(child, position: position)
            }
        }
    }

    func persistDeletion(of ids: [Int64]) {
        for id in ids {
            pendingRows[id] = nil
            pendingDeletions.insert(id)
        }
    }

    /// Hands what is queued to the store, unless a batch of extensive changes is under way
    /// (its end hands everything over in one transaction).
    func commitIfNotBatching() {
        guard extensiveChangesDepth == 0, !pendingRows.isEmpty || !pendingDeletions.isEmpty else { return }
        let rows = pendingRows.values.sorted { ($0.parentID, $0.position) < ($1.parentID, $1.position) }
        store.write(upserting: rows, deleting: pendingDeletions.sorted())
        pendingRows = [:]
        pendingDeletions = []
    }

    // MARK: Batches

    /// Starts a batch of many changes (an import): observers may wait for its end, and its
    /// writes go to the file in one transaction at the end. Batches nest.
    public func beginExtensiveChanges() {
        extensiveChangesDepth += 1
        if extensiveChangesDepth == 1 {
            observers.forEach { $0.bookmarkModelWillBeginExtensiveChanges(self) }
        }
    }

    public func endExtensiveChanges() {
        precondition(
            extensiveChangesDepth > 0, "BookmarkModel.endExtensiveChanges(): no batch of changes was begun")
        extensiveChangesDepth -= 1
        guard extensiveChangesDepth == 0 else { return }
        commitIfNotBatching()
        observers.forEach { $0.bookmarkModelDidEndExtensiveChanges(self) }
    }

    /// Runs `changes` as one batch (``beginExtensiveChanges()`` … ``endExtensiveChanges()``).
    @discardableResult
    public func performExtensiveChanges<T>(_ changes: () throws -> T) rethrows -> T {
        beginExtensiveChanges()
        defer { endExtensiveChanges() }
        return try changes()
    }
}
