public import Bookmarks
import Foundation
public import TabModel
public import UIInterfaces
public import Web

/// Between a window's active tab, the profile's ``BookmarkModel`` and the star in the
/// location entry (Chromium's `BookmarkBubbleView` and the star of its location bar,
/// chrome/browser/ui/views/location_bar/star_view.cc): pushes whether the active page is
/// bookmarked as the tab, its page and the bookmarks change, and handles
/// ``BookmarkStarCommands``. A page is bookmarked at the end of the Bookmarks Menu folder
/// (Chromium adds to its bookmark bar, which that folder stands for). An incognito window's
/// model is its regular profile's (``BookmarkModelFactory``).
@MainActor
public final class BookmarkStarMediator: BookmarkStarCommands, WebStateObserver, BookmarkModelObserver {
    private let webStateList: WebStateList
    private let model: BookmarkModel
    private var state = MediatorState("BookmarkStarMediator")
    private var observation: ActiveWebStateObservation?
    private var lastState: BookmarkStarState?
    /// What the popover's Remove took away, for Undo.
    private var lastRemoval: BookmarkRemoval?

    /// The star; set it to push the state at once. Held weakly.
    public weak var consumer: (any BookmarkStarConsumer)? {
        didSet {
            state.check("consumer")
            lastState = nil
            push()
        }
    }

    public init(webStateList: WebStateList, model: BookmarkModel) {
        self.webStateList = webStateList
        self.model = model
        model.addObserver(self)
        observation = ActiveWebStateObservation(list: webStateList, observer: self) { [weak self] in
            self?.push()
        }
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        observation = nil
        model.removeObserver(self)
    }

    /// The URL a bookmark of the active tab would have: its visible page's, none for a new
    /// tab or an unrealized tab without one.
    private var pageURL: URL? {
        guard let url = webStateList.activeWebStateIfAlive?.visibleURL, !WebState.isNewTabPageURL(url) else {
            return nil
        }
        return url
    }

    /// The star for `url` in `model`.
    static func starState(for url: URL?, in model: BookmarkModel) -> BookmarkStarState {
        guard model.isLoaded, let url else { return .hidden }
        return model.isBookmarked(url) ? .starred : .unstarred
    }

    private func push() {
        guard let consumer, !state.isDisconnected else { return }
        let star = Self.starState(for: pageURL, in: model)
        guard star != lastState else { return }
        lastState = star
        consumer.setStarState(star)
    }

    /// The folders a bookmark may go to: each permanent folder, then its folders, depth first.
    static func folderChoices(in model: BookmarkModel) -> [BookmarkFolderChoice] {
        var choices: [BookmarkFolderChoice] = []
        func visit(_ folder: BookmarkNode, depth: Int) {
            choices.append(BookmarkFolderChoice(id: folder.id, title: folder.title, depth: depth))
            for child in folder.children where child.isFolder { visit(child, depth: depth + 1) }
        }
        for folder in [model.bookmarksMenu, model.otherBookmarks] { visit(folder, depth: 0) }
        return choices
    }

    private func editorItem(_ node: BookmarkNode, isNew: Bool) -> BookmarkEditorItem {
        BookmarkEditorItem(
            bookmarkID: node.id, title: node.title, url: node.url?.absoluteString ?? "",
            folders: Self.folderChoices(in: model), folderID: node.parent?.id ?? model.bookmarksMenu.id,
            isNew: isNew)
    }

    // MARK: BookmarkStarCommands

    /// The newest bookmark of the page is the one edited (Chromium's
    /// `GetMostRecentlyAddedUserNodeForURL`).
    public func bookmarkCurrentPage() {
        state.check(#function)
        guard model.isLoaded, let url = pageURL, let webState = webStateList.activeWebStateIfAlive else {
            return
        }
        if let node = model.nodes(for: url).max(by: { $0.dateAdded < $1.dateAdded }) {
            consumer?.showBookmarkEditor(editorItem(node, isNew: false))
            return
        }
        let folder = model.bookmarksMenu
        let title = webState.title.isEmpty ? url.absoluteString : webState.title
        let node = model.addURL(to: folder, at: folder.children.count, title: title, url: url)
        consumer?.showBookmarkEditor(editorItem(node, isNew: true))
    }

    public func editBookmark(_ id: Int64, title: String, folderID: Int64) {
        state.check(#function)
        guard model.isLoaded, let node = model.node(id: id), node.isURL else { return }
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty, trimmed != node.title { model.setTitle(node, trimmed) }
        if let folder = model.node(id: folderID), folder.isFolder, folder.kind != .root,
            folder !== node.parent
        {
            model.move(node, to: folder, at: folder.children.count)
        }
    }

    public func removeBookmark(_ id: Int64) {
        state.check(#function)
        guard model.isLoaded, let node = model.node(id: id), node.isURL else { return }
        let title = node.title
        lastRemoval = model.remove(node)
        consumer?.showBookmarkRemoved(title: title)
    }

    public func undoBookmarkRemoval() {
        state.check(#function)
        guard model.isLoaded, let removal = lastRemoval else { return }
        lastRemoval = nil
        model.undoRemove(removal)
    }

    // MARK: WebStateObserver (the active tab, through the observation)

    public func didStartNavigation(_ webState: WebState, context: NavigationContext) { push() }
    public func didRedirectNavigation(_ webState: WebState, context: NavigationContext) { push() }
    public func didFinishNavigation(_ webState: WebState, context: NavigationContext) { push() }
    public func webStateRealized(_ webState: WebState) { push() }

    // MARK: BookmarkModelObserver

    public func bookmarkModelLoaded(_ model: BookmarkModel) { push() }
    public func bookmarkModel(
        _ model: BookmarkModel, didAdd node: BookmarkNode, to parent: BookmarkNode, at index: Int
    ) { push() }
    public func bookmarkModel(
        _ model: BookmarkModel, didRemove node: BookmarkNode, from parent: BookmarkNode, at index: Int
    ) { push() }
    public func bookmarkModel(_ model: BookmarkModel, didChange node: BookmarkNode) { push() }
    public func bookmarkModelDidEndExtensiveChanges(_ model: BookmarkModel) { push() }
}
