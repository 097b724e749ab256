import Mediators
import UIInterfaces
import ViewControllers

/// The toolbar (back, forward, reload/stop): its view controller and mediator; the mediator
/// handles ``NavigationCommands``.
@MainActor
final class ToolbarCoordinator: FeatureCoordinator {
    /// The view controller (while started).
    private(set) var viewController: ToolbarViewController?

    override func start() {
        super.start()
        let viewController = ToolbarViewController(
            navigation: dispatcher.sender(for: (any NavigationCommands).self))
        let mediator = ToolbarMediator(webStateList: webStateList)
        register((any NavigationCommands).self, to: mediator)
        mediator.consumer = viewController
        onStop { mediator.disconnect() }
        self.viewController = viewController
    }

    override func stop() {
        super.stop()
        viewController = nil
    }
}
