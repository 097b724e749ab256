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
/// ``BookmarksWindowViewController``, which opens bookmarks in this window's tabs. Made when
/// first asked for, brought to the front when asked again, and stopped when the user closes
/// it (``onClose``) or its browser window goes, as the History window is.
@MainActor
final class BookmarksWindowCoordinator: FeatureCoordinator {
    private let model: BookmarkModel
    private let faviconLoader: FaviconLoader?
    private let webStateFactory: WebStateFactory
    private let onClose: @MainActor () -> Void
    private var mediator: BookmarksWindowMediator?
    /// The window (while started).
    private(set) var viewController: BookmarksWindowViewController?

    /// The window over `model` (the browser window's profile's), with favicons from
    /// `faviconLoader`; new tabs come from `webStateFactory`. `onClose` runs when the user
    /// closed it, for the owner to stop this coordinator.
    init(
        model: BookmarkModel, faviconLoader: FaviconLoader?, webStateFactory: @escaping WebStateFactory,
        webStateList: WebStateList, dispatcher: CommandDispatcher, onClose: @escaping @MainActor () -> Void
    ) {
        self.model = model
        self.faviconLoader = faviconLoader
        self.webStateFactory = webStateFactory
        self.onClose = onClose
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let viewController = BookmarksWindowViewController(
            commands: dispatcher.sender(for: (any BookmarksWindowCommands).self))
        let mediator = BookmarksWindowMediator(
            model: model, webStateList: webStateList, faviconLoader: faviconLoader,
            webStateFactory: webStateFactory)
        register((any BookmarksWindowCommands).self, to: mediator)
        mediator.consumer = viewController
        onStop { mediator.disconnect() }
        viewController.onClose { [weak self] in self?.onClose() }
        self.mediator = mediator
        self.viewController = viewController
        EventLog.record("bookmarks-shown")
    }

    /// Shows the window over `parent` (a `GtkWindow *`), or brings it to the front.
    func present(over parent: UnsafeMutableRawPointer?) { viewController?.present(over: parent) }

    override func stop() {
        super.stop()
        mediator = nil
        viewController?.destroy()
        viewController = nil
    }
}
