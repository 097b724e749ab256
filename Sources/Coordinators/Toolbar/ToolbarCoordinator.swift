import Commands
import Mediators
import TabModel
import UIInterfaces
import ViewControllers

/// The toolbar (back, forward, reload/stop): its view controller and mediator; the mediator
/// handles ``NavigationCommands``.
@MainActor
final class ToolbarCoordinator: Coordinator {
    private let webStateList: WebStateList
    private let dispatcher: CommandDispatcher
    private var mediator: ToolbarMediator?
    /// The view controller (while started).
    private(set) var viewController: ToolbarViewController?

    init(webStateList: WebStateList, dispatcher: CommandDispatcher) {
        self.webStateList = webStateList
        self.dispatcher = dispatcher
        super.init()
    }

    override func start() {
        super.start()
        let viewController = ToolbarViewController(
            navigation: dispatcher.sender(for: (any NavigationCommands).self))
        let mediator = ToolbarMediator(webStateList: webStateList)
        dispatcher.startDispatching((any NavigationCommands).self, to: mediator)
        mediator.consumer = viewController
        self.viewController = viewController
        self.mediator = mediator
    }

    override func stop() {
        dispatcher.stopDispatching(for: (any NavigationCommands).self)
        mediator?.disconnect()
        mediator = nil
        viewController = nil
        super.stop()
    }
}
