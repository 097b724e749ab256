public import Bookmarks
public import Foundation
public import TabModel
public import UIInterfaces
public import Web

/// Between a profile's ``BookmarkModel`` and a Bookmarks window (Chromium's bookmark
/// manager, `chrome/browser/resources/bookmarks/`, whose store mirrors the model the same
/// way): pushes the folder tree, the selected folder's children or the search's matches as
/// value types, and does what the window asks (``BookmarksWindowCommands``).
///
/// It observes the model: a change pushes again only what it touches (the tree when a
/// folder changed, the list when the change is in the listed folder or a search is shown),
/// and a batch of extensive changes (an import, a delete of many rows) pushes once at its
/// end. The window applies each push as a diff, so a change costs the window a few rows.
@MainActor
public final class BookmarksWindowMediator: BookmarksWindowCommands, BookmarkModelObserver,
    FaviconLoaderObserver
{
    private let model: BookmarkModel
    private let webStateList: WebStateList
    private let faviconLoader: FaviconLoader?
    private let webStateFactory: WebStateFactory
    private let now: @MainActor () -> Date
    private var state = MediatorState("BookmarksWindowMediator")

    /// The folder listed when no search is.
    public private(set) var selectedFolderID: Int64
    private var searchText = ""
    private var isInBatch = false
    /// What the last delete took away, for its Undo.
    private var lastRemoval: [BookmarkRemoval] = []
    /// Favicons known, and the pages asked about, by page URL.
    private var favicons: [URL: Data] = [:]
    private var askedFavicons: Set<URL> = []

    /// The window; held weakly. Gets everything when set.
    public weak var consumer: (any BookmarksWindowConsumer)? {
        didSet {
            consumer?.setSearchText(searchText)
            pushAll()
        }
    }

    /// Lists `model`'s bookmarks; opens them in new tabs of `webStateList` made by
    /// `webStateFactory`; favicons from `faviconLoader`; `now` dates an opened bookmark's
    /// last use.
    public init(
        model: BookmarkModel, webStateList: WebStateList, faviconLoader: FaviconLoader?,
        webStateFactory: @escaping WebStateFactory, now: @escaping @MainActor () -> Date = { Date() }
    ) {
        self.model = model
        self.webStateList = webStateList
        self.faviconLoader = faviconLoader
        self.webStateFactory = webStateFactory
        self.now = now
        selectedFolderID = model.bookmarksMenu.id
        model.addObserver(self)
        faviconLoader?.addObserver(self)
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        model.removeObserver(self)
        faviconLoader?.removeObserver(self)
    }

    // MARK: BookmarksWindowCommands

    public func selectBookmarkFolder(_ id: Int64) {
        state.check(#function)
        guard let folder = model.node(id: id), folder.isFolder, folder.kind != .root else { return }
        let changed = selectedFolderID != id || !searchText.isEmpty
        selectedFolderID = id
        if !searchText.isEmpty {
            searchText = ""
            consumer?.setSearchText("")
        }
        if changed { pushItems() }
    }

    public func searchBookmarks(_ text: String) {
        state.check(#function)
        guard text != searchText else { return }
        searchText = text
        pushItems()
    }

    public func openBookmark(_ id: Int64, inBackground: Bool) {
        state.check(#function)
        guard let node = model.node(id: id) else { return }
        guard let url = node.url else { return selectBookmarkFolder(id) }
        if model.isLoaded { model.updateLastUsedTime(node, now()) }
        let webState = webStateFactory(url)
        let activate = !inBackground || webStateList.activeWebState == nil
        webStateList.insert(webState, activate ? .automatic.activating() : .automatic)
        webState.load(url)
    }

    public func addBookmarkFolder(titled title: String) {
        state.check(#function)
        guard model.isLoaded, let folder = model.node(id: selectedFolderID), folder.isFolder else { return }
        model.addFolder(to: folder, at: folder.children.count, title: title)
    }

    public func editBookmark(_ id: Int64, title: String, url: String?) {
        state.check(#function)
        guard model.isLoaded, let node = model.node(id: id), !node.isPermanent else { return }
        model.setTitle(node, title)
        if node.isURL, let url, let parsed = URL(string: url), parsed.scheme != nil {
            model.setURL(node, parsed)
        }
    }

    public func removeBookmarks(_ ids: [Int64]) {
        state.check(#function)
        guard model.isLoaded else { return }
        let nodes = ids.compactMap { model.node(id: $0) }.filter { !$0.isPermanent }
        guard !nodes.isEmpty else { return }
        let removals = model.removeNodes(nodes)
        lastRemoval = removals
        consumer?.showRemoval(Self.removalMessage(removals))
    }

    public func undoBookmarkRemoval() {
        state.check(#function)
        guard model.isLoaded, !lastRemoval.isEmpty else { return }
        let removals = lastRemoval
        lastRemoval = []
        model.undoRemoveNodes(removals)
    }

    public func moveBookmarks(_ ids: [Int64], toFolder folderID: Int64, before beforeID: Int64?) {
        state.check(#function)
        guard model.isLoaded, let folder = model.node(id: folderID), folder.isFolder, folder.kind != .root
        else { return }
        // Rows a folder cannot take (the permanent ones, the folder itself or its parents)
        // stay where they are.
        let nodes = ids.compactMap { model.node(id: $0) }.filter {
            !$0.isPermanent && !folder.hasAncestor($0)
        }
        guard !nodes.isEmpty else { return }
        let index =
            beforeID.flatMap { id in folder.children.firstIndex { $0.id == id } } ?? folder.children.count
        model.moveNodes(nodes, to: folder, at: index)
    }

    /// "“Title” deleted" (and how many bookmarks it held), or how many rows went.
    static func removalMessage(_ removals: [BookmarkRemoval]) -> String {
        let bookmarks = removals.reduce(0) { $0 + $1.bookmarkCount }
        if removals.count == 1, let top = removals[0].rows.first {
            let title = top.title.isEmpty ? (top.url?.absoluteString ?? "") : top.title
            guard top.kind != .url, bookmarks > 0 else { return "“\(title)” deleted" }
            return "“\(title)” and \(bookmarks) bookmark\(bookmarks == 1 ? "" : "s") deleted"
        }
        let count = removals.count.formatted()
        return removals.allSatisfy({ $0.rows.first?.kind == .url })
            ? "\(count) bookmarks deleted" : "\(count) items deleted"
    }

    // MARK: BookmarkModelObserver

    public func bookmarkModelLoaded(_ model: BookmarkModel) { pushAll() }

    public func bookmarkModel(
        _ model: BookmarkModel, didAdd node: BookmarkNode, to parent: BookmarkNode, at index: Int
    ) {
        changed(folders: node.isFolder, in: [parent])
    }

    public func bookmarkModel(
        _ model: BookmarkModel, didRemove node: BookmarkNode, from parent: BookmarkNode, at index: Int
    ) {
        if model.node(id: selectedFolderID) == nil { selectedFolderID = parent.id }
        changed(folders: node.isFolder, in: [parent])
        if node.isFolder && !isInBatch { consumer?.setSelectedFolder(selectedFolderID) }
    }

    public func bookmarkModel(
        _ model: BookmarkModel, didMove node: BookmarkNode, from oldParent: BookmarkNode, at oldIndex: Int,
        to newParent: BookmarkNode, at newIndex: Int
    ) {
        changed(folders: node.isFolder, in: [oldParent, newParent])
    }

    public func bookmarkModel(_ model: BookmarkModel, didChange node: BookmarkNode) {
        changed(folders: node.isFolder, in: node.parent.map { [$0] } ?? [])
    }

    public func bookmarkModel(_ model: BookmarkModel, childrenReorderedIn folder: BookmarkNode) {
        changed(folders: folder.children.contains { $0.isFolder }, in: [folder])
    }

    public func bookmarkModelWillBeginExtensiveChanges(_ model: BookmarkModel) { isInBatch = true }

    public func bookmarkModelDidEndExtensiveChanges(_ model: BookmarkModel) {
        isInBatch = false
        if model.node(id: selectedFolderID) == nil { selectedFolderID = model.bookmarksMenu.id }
        pushAll()
    }

    /// Pushes the tree if `folders` changed, and the list if it shows one of `parents`.
    private func changed(folders: Bool, in parents: [BookmarkNode]) {
        guard !isInBatch, consumer != nil else { return }
        if folders { pushFolders() }
        if !searchText.isEmpty || parents.contains(where: { $0.id == selectedFolderID }) { pushItems() }
    }

    // MARK: FaviconLoaderObserver

    public func faviconLoader(_ loader: FaviconLoader, didLoadFaviconForPageURL pageURL: URL) {
        guard askedFavicons.contains(pageURL), let png = loader.cachedFavicon(forPageURL: pageURL) else {
            return
        }
        favicons[pageURL] = png
        consumer?.setFavicon(png, forURL: pageURL.absoluteString)
    }

    // MARK: Pushes

    private func pushAll() {
        guard let consumer else { return }
        pushFolders()
        consumer.setSelectedFolder(selectedFolderID)
        pushItems()
    }

    private func pushFolders() {
        consumer?.setFolders(folders())
    }

    private func pushItems() {
        guard let consumer else { return }
        if searchText.isEmpty {
            let children = model.node(id: selectedFolderID)?.children ?? []
            consumer.setItems(children.map { item($0, location: nil) }, isSearchResult: false)
        } else {
            consumer.setItems(matches(searchText), isSearchResult: true)
        }
    }

    /// Every folder but the root, parents first, siblings in order.
    func folders() -> [BookmarksWindowFolder] {
        var folders: [BookmarksWindowFolder] = []
        func visit(_ node: BookmarkNode, parentID: Int64?) {
            folders.append(BookmarksWindowFolder(id: node.id, parentID: parentID, title: node.title))
            for child in node.children where child.isFolder { visit(child, parentID: node.id) }
        }
        for folder in [model.bookmarksMenu, model.otherBookmarks] { visit(folder, parentID: nil) }
        return folders
    }

    /// The nodes below the permanent folders whose title or address holds every word of
    /// `text` (case and diacritics ignored), in the tree's order.
    func matches(_ text: String) -> [BookmarksWindowItem] {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { return [] }
        var items: [BookmarksWindowItem] = []
        func visit(_ node: BookmarkNode, location: String) {
            for child in node.children {
                let haystack = child.title + " " + (child.url?.absoluteString ?? "")
                if words.allSatisfy({
                    haystack.range(of: $0, options: [.caseInsensitive, .diacriticInsensitive]) != nil
                }) {
                    items.append(item(child, location: location))
                }
                if child.isFolder { visit(child, location: location + " › " + child.title) }
            }
        }
        for folder in [model.bookmarksMenu, model.otherBookmarks] { visit(folder, location: folder.title) }
        return items
    }

    private func item(_ node: BookmarkNode, location: String?) -> BookmarksWindowItem {
        if let url = node.url, !askedFavicons.contains(url), let faviconLoader {
            askedFavicons.insert(url)
            if let png = faviconLoader.favicon(forPageURL: url) { favicons[url] = png }
        }
        return BookmarksWindowItem(
            id: node.id, title: node.title, url: node.url?.absoluteString, location: location,
            favicon: node.url.flatMap { favicons[$0] })
    }
}
