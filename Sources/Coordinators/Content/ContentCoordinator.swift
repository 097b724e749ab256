import Mediators
import TabModel
import UIInterfaces
import ViewControllers

/// The content area: the active tab's view. Its mediator realizes the active tab when it is
/// shown, never the others.
@MainActor
final class ContentCoordinator: Coordinator {
    private let webStateList: WebStateList
    private var mediator: ContentMediator?
    /// The view controller (while started).
    private(set) var viewController: ContentViewController?

    init(webStateList: WebStateList) {
        self.webStateList = webStateList
        super.init()
    }

    override func start() {
        super.start()
        let viewController = ContentViewController()
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
