import Mediators
import UIInterfaces
import ViewControllers

/// The content area: the active tab's view. Its mediator realizes the active tab when it is
/// shown, never the others. The crash page's Reload goes to the window's
/// ``NavigationCommands`` handler (the toolbar's).
@MainActor
final class ContentCoordinator: FeatureCoordinator {
    /// The view controller (while started).
    private(set) var viewController: ContentViewController?

    override func start() {
        super.start()
        let viewController = ContentViewController(
            navigation: dispatcher.sender(for: (any NavigationCommands).self))
        let mediator = ContentMediator(webStateList: webStateList)
        mediator.consumer = viewController
        onStop { mediator.disconnect() }
        self.viewController = viewController
    }

    override func stop() {
        super.stop()
        viewController = nil
    }
}
