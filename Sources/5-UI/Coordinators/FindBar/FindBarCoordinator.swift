import Mediators
import UIInterfaces
import ViewControllers

/// The find bar: its view controller and mediator; the mediator handles
/// ``FindInPageCommands`` with the active tab's FindTabHelper.
@MainActor
final class FindBarCoordinator: FeatureCoordinator {
    /// The view controller (while started).
    private(set) var viewController: FindBarViewController?

    override func start() {
        super.start()
        let viewController = FindBarViewController(
            findInPage: dispatcher.sender(for: (any FindInPageCommands).self))
        let mediator = FindBarMediator(webStateList: webStateList)
        register((any FindInPageCommands).self, to: mediator)
        mediator.consumer = consumer(viewController as any FindBarConsumer) {
            FindBarEventLogger(forwardingTo: $0)
        }
        onStop { mediator.disconnect() }
        self.viewController = viewController
    }

    override func stop() {
        super.stop()
        viewController = nil
    }
}
