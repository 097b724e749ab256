import Mediators
import UIInterfaces
import ViewControllers

/// The page an incognito window shows over a new tab: its view controller and mediator.
@MainActor
final class NewTabPageCoordinator: FeatureCoordinator {
    /// The view controller (while started).
    private(set) var viewController: IncognitoNewTabPageViewController?

    override func start() {
        super.start()
        let viewController = IncognitoNewTabPageViewController()
        let mediator = NewTabPageMediator(webStateList: webStateList)
        mediator.consumer = viewController
        onStop { mediator.disconnect() }
        self.viewController = viewController
    }

    override func stop() {
        super.stop()
        viewController = nil
    }
}
