public import Bookmarks
public import Foundation
public import TabModel
public import UIInterfaces
import Web

/// Between the profile's ``BookmarkModel`` and the header bar's Bookmarks menu (Chromium's
/// `BookmarkMenuDelegate`, chrome/browser/ui/views/bookmarks/bookmark_menu_delegate.cc):
/// pushes the Bookmarks Menu folder's entries and Other Bookmarks as a folder after them,
/// again after every change (once at the end of a batch of changes), and opens what the user
/// picks (``BookmarksMenuCommands``).
@MainActor
public final class BookmarksMenuMediator: BookmarksMenuCommands, BookmarkModelObserver {
    private let webStateList: WebStateList
    private let model: BookmarkModel
    private let webStateFactory: WebStateFactory
    private let now: @MainActor () -> Date
    private var state = MediatorState("BookmarksMenuMediator")
    private var isBatching = false

    /// The menu; set it to push the entries at once. Held weakly.
    public weak var consumer: (any BookmarksMenuConsumer)? {
        didSet {
            state.check("consumer")
            push()
        }
    }

    /// New tabs come from `webStateFactory`; `now` dates a bookmark's last use.
    public init(
        webStateList: WebStateList, model: BookmarkModel, webStateFactory: @escaping WebStateFactory,
        now: @escaping @MainActor () -> Date = Date.init
    ) {
        self.webStateList = webStateList
        self.model = model
        self.webStateFactory = webStateFactory
        self.now = now
        model.addObserver(self)
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        model.removeObserver(self)
    }

    /// The menu's entries for `model`.
    static func entries(of model: BookmarkModel) -> [BookmarksMenuEntry] {
        func entry(_ node: BookmarkNode) -> BookmarksMenuEntry {
            BookmarksMenuEntry(
                id: node.id, title: node.title.isEmpty ? node.url?.absoluteString ?? "" : node.title,
                url: node.url?.absoluteString, children: node.children.map(entry))
        }
        return model.bookmarksMenu.children.map(entry) + [entry(model.otherBookmarks)]
    }

    private func push() {
        guard let consumer, !state.isDisconnected, !isBatching else { return }
        consumer.setBookmarksMenu(Self.entries(of: model), rootID: model.bookmarksMenu.id)
    }

    /// Opens `node` in the active tab, or in a new tab after `opener`'s others (Chromium's
    /// order controller keeps the folder's order that way).
    private func open(_ node: BookmarkNode, inNewTab: Bool, after opener: WebState?, activate: Bool = false) {
        guard let url = node.url else { return }
        let transition = PageTransition.autoBookmark
        model.updateLastUsedTime(node, now())
        if !inNewTab, let webState = webStateList.activeWebStateIfAlive {
            webState.load(url, transition: transition)
            return
        }
        let webState = webStateFactory(url)
        let params =
            opener.map { WebStateListInsertionParams.automatic.withOpener(WebStateOpener($0)) } ?? .automatic
        webStateList.insert(webState, params.activating(activate))
        webState.load(url, transition: transition)
    }

    // MARK: BookmarksMenuCommands

    /// A middle click opens the new tab in the background, as a middle-clicked link does.
    public func openBookmark(_ id: Int64, inNewTab: Bool) {
        state.check(#function)
        guard let node = model.node(id: id), node.isURL else { return }
        let active = webStateList.activeWebStateIfAlive
        open(node, inNewTab: inNewTab, after: active, activate: active == nil)
    }

    public func openAllBookmarks(inFolder id: Int64) {
        state.check(#function)
        guard let folder = model.node(id: id), folder.isFolder else { return }
        let opener = webStateList.activeWebStateIfAlive
        for (index, child) in folder.children.filter(\.isURL).enumerated() {
            open(child, inNewTab: true, after: opener, activate: index == 0)
        }
    }

    // MARK: BookmarkModelObserver

    public func bookmarkModelLoaded(_ model: BookmarkModel) { push() }
    public func bookmarkModel(
        _ model: BookmarkModel, didAdd node: BookmarkNode, to parent: BookmarkNode, at index: Int
    ) { push() }
    public func bookmarkModel(
        _ model: BookmarkModel, didRemove node: BookmarkNode, from parent: BookmarkNode, at index: Int
    ) { push() }
    public func bookmarkModel(
        _ model: BookmarkModel, didMove node: BookmarkNode, from oldParent: BookmarkNode, at oldIndex: Int,
        to newParent: BookmarkNode, at newIndex: Int
    ) { push() }
    public func bookmarkModel(_ model: BookmarkModel, didChange node: BookmarkNode) { push() }
    public func bookmarkModel(_ model: BookmarkModel, childrenReorderedIn folder: BookmarkNode) { push() }
    public func bookmarkModelWillBeginExtensiveChanges(_ model: BookmarkModel) { isBatching = true }
    public func bookmarkModelDidEndExtensiveChanges(_ model: BookmarkModel) {
        isBatching = false
        push()
    }
}
