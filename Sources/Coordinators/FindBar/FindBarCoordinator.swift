import Commands
import Mediators
import TabModel
import UIInterfaces
import ViewControllers

/// The find bar: its view controller and mediator; the mediator handles
/// ``FindInPageCommands`` with the active tab's FindTabHelper.
@MainActor
final class FindBarCoordinator: Coordinator {
    private let webStateList: WebStateList
    private let dispatcher: CommandDispatcher
    private var mediator: FindBarMediator?
    private var logger: FindBarEventLogger?
    /// The view controller (while started).
    private(set) var viewController: FindBarViewController?

    init(webStateList: WebStateList, dispatcher: CommandDispatcher) {
        self.webStateList = webStateList
        self.dispatcher = dispatcher
        super.init()
    }

    override func start() {
        super.start()
        let viewController = FindBarViewController(
            findInPage: dispatcher.sender(for: (any FindInPageCommands).self))
        let mediator = FindBarMediator(webStateList: webStateList)
        dispatcher.startDispatching((any FindInPageCommands).self, to: mediator)
        if EventLog.isEnabled {
            let logger = FindBarEventLogger(forwardingTo: viewController)
            self.logger = logger
            mediator.consumer = logger
        } else {
            mediator.consumer = viewController
        }
        self.viewController = viewController
        self.mediator = mediator
    }

    override func stop() {
        dispatcher.stopDispatching(for: (any FindInPageCommands).self)
        mediator?.disconnect()
        mediator = nil
        logger = nil
        viewController = nil
        super.stop()
    }
}
