import Bookmarks
import Commands
import Mediators
import TabModel
import UIInterfaces
import ViewControllers
import Web

/// The header bar's Bookmarks menu: its view controller and mediator over the profile's
/// bookmarks; the mediator handles ``BookmarksMenuCommands``.
@MainActor
final class BookmarksMenuCoordinator: FeatureCoordinator {
    private let model: BookmarkModel
    private let webStateFactory: WebStateFactory
    /// The view controller (while started).
    private(set) var viewController: BookmarksMenuViewController?

    init(
        model: BookmarkModel, webStateFactory: @escaping WebStateFactory, webStateList: WebStateList,
        dispatcher: CommandDispatcher
    ) {
        self.model = model
        self.webStateFactory = webStateFactory
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let viewController = BookmarksMenuViewController(
            commands: dispatcher.sender(for: (any BookmarksMenuCommands).self))
        let mediator = BookmarksMenuMediator(
            webStateList: webStateList, model: model, webStateFactory: webStateFactory)
        register((any BookmarksMenuCommands).self, to: mediator)
        mediator.consumer = viewController
        onStop { mediator.disconnect() }
        self.viewController = viewController
    }

    override func stop() {
        super.stop()
        viewController = nil
    }
}
