import Commands
import Mediators
import TabModel
import UIInterfaces
import ViewControllers

/// The content area: the active tab's view. Its mediator realizes the active tab when it is
/// shown, never the others. The crash page's Reload goes to the window's
/// ``NavigationCommands`` handler (the toolbar's).
@MainActor
final class ContentCoordinator: Coordinator {
    private let webStateList: WebStateList
    private let dispatcher: CommandDispatcher
    private var mediator: ContentMediator?
    /// The view controller (while started).
    private(set) var viewController: ContentViewController?

    init(webStateList: WebStateList, dispatcher: CommandDispatcher) {
        self.webStateList = webStateList
        self.dispatcher = dispatcher
        super.init()
    }

    override func start() {
        super.start()
        let viewController = ContentViewController(
            navigation: dispatcher.sender(for: (any NavigationCommands).self))
        let mediator = ContentMediator(webStateList: webStateList)
        mediator.consumer = viewController
        self.viewController = viewController
        self.mediator = mediator
    }

    override func stop() {
        mediator?.disconnect()
        mediator = nil
        viewController = nil
        super.stop()
    }
}
