import Bookmarks
import Commands
import Foundation
import Mediators
import TabModel
import UIInterfaces
import ViewControllers
import Web

/// A browser window's Bookmarks window (Ctrl+Shift+O or the menu's Bookmarks): a
/// ``BookmarksWindowMediator`` over the window's profile's ``BookmarkModel`` pushing to a
/// ``BookmarksWindowViewController``, which opens bookmarks in this window's tabs.
@MainActor
final class BookmarksWindowCoordinator: LibraryWindowCoordinator<BookmarksWindowViewController> {
    private let model: BookmarkModel

    /// The window over `model` (the browser window's profile's).
    init(
        model: BookmarkModel, faviconLoader: FaviconLoader?, webStateFactory: @escaping WebStateFactory,
        webStateList: WebStateList, dispatcher: CommandDispatcher, onClose: @escaping @MainActor () -> Void
    ) {
        self.model = model
        super.init(
            faviconLoader: faviconLoader, webStateFactory: webStateFactory, webStateList: webStateList,
            dispatcher: dispatcher, onClose: onClose)
    }

    override func makeWindow() -> BookmarksWindowViewController {
        let viewController = BookmarksWindowViewController(
            commands: dispatcher.sender(for: (any BookmarksWindowCommands).self))
        let mediator = BookmarksWindowMediator(
            model: model, webStateList: webStateList, faviconLoader: faviconLoader,
            webStateFactory: webStateFactory)
        register((any BookmarksWindowCommands).self, to: mediator)
        mediator.consumer = viewController
        onStop { mediator.disconnect() }
        EventLog.record("bookmarks-shown")
        return viewController
    }
}
