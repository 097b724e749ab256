import Commands
import Mediators
import TabModel
import UIInterfaces
import ViewControllers

/// The tab strip: its view controller (AdwTabBar) and mediator; the mediator handles the
/// ``TabStripCommands`` the strip sends.
@MainActor
final class TabStripCoordinator: Coordinator {
    private let webStateList: WebStateList
    private let dispatcher: CommandDispatcher
    private var mediator: TabStripMediator?
    private var logger: TabStripEventLogger?
    /// The view controller (while started).
    private(set) var viewController: TabStripViewController?

    init(webStateList: WebStateList, dispatcher: CommandDispatcher) {
        self.webStateList = webStateList
        self.dispatcher = dispatcher
        super.init()
    }

    override func start() {
        super.start()
        let viewController = TabStripViewController(
            tabStrip: dispatcher.sender(for: (any TabStripCommands).self))
        let mediator = TabStripMediator(webStateList: webStateList)
        dispatcher.startDispatching((any TabStripCommands).self, to: mediator)
        if EventLog.isEnabled {
            let logger = TabStripEventLogger(forwardingTo: viewController)
            self.logger = logger
            mediator.consumer = logger
        } else {
            mediator.consumer = viewController
        }
        self.viewController = viewController
        self.mediator = mediator
    }

    override func stop() {
        dispatcher.stopDispatching(for: (any TabStripCommands).self)
        mediator?.disconnect()
        mediator = nil
        logger = nil
        viewController = nil
        super.stop()
    }
}
