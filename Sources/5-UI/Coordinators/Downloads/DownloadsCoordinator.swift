import Commands
import Mediators
import TabModel
import UIInterfaces
import ViewControllers
import Web

/// The downloads of the window's profile: a ``DownloadsMediator`` lists those under way (and
/// handles their ``DownloadsCommands``) in a ``DownloadsViewController``, the header bar's
/// downloads button, which shows those that ended as toasts.
@MainActor
final class DownloadsCoordinator: FeatureCoordinator {
    private let context: any WebEngineContext
    private let toasts: any ToastPresenter
    /// The view controller (while started).
    private(set) var viewController: DownloadsViewController?

    /// The downloads of `context` (the window's profile's); `toasts` shows those that ended.
    init(
        context: any WebEngineContext, toasts: any ToastPresenter, webStateList: WebStateList,
        dispatcher: CommandDispatcher
    ) {
        self.context = context
        self.toasts = toasts
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let viewController = DownloadsViewController(
            downloads: dispatcher.sender(for: (any DownloadsCommands).self), toasts: toasts)
        let mediator = DownloadsMediator(context: context)
        mediator.consumer = viewController
        register((any DownloadsCommands).self, to: mediator)
        onStop { mediator.disconnect() }
        self.viewController = viewController
    }

    override func stop() {
        super.stop()
        viewController = nil
    }
}
