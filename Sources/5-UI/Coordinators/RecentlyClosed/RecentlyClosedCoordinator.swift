import Commands
import Mediators
import Sessions
import TabModel
import UIInterfaces
import ViewControllers

/// The window's "Recently Closed" menu: a ``RecentlyClosedMediator`` pushes the profile's
/// recently closed tabs and windows, and whether the previous session can be restored.
/// Reopening them is a ``SceneCommands``, which the application's scene mediator handles.
@MainActor
final class RecentlyClosedCoordinator: FeatureCoordinator {
    private let tabRestore: TabRestoreService
    private let canRestorePreviousSession: Bool
    private weak var menu: (any RecentlyClosedConsumer)?
    private var mediator: RecentlyClosedMediator?

    /// The entries of `tabRestore` (the window's profile's), shown by `consumer`; the previous
    /// session is offered for restore while `canRestorePreviousSession`.
    init(
        tabRestore: TabRestoreService, canRestorePreviousSession: Bool, consumer: any RecentlyClosedConsumer,
        webStateList: WebStateList, dispatcher: CommandDispatcher
    ) {
        self.tabRestore = tabRestore
        self.canRestorePreviousSession = canRestorePreviousSession
        menu = consumer
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let mediator = RecentlyClosedMediator(tabRestore: tabRestore)
        mediator.canRestorePreviousSession = canRestorePreviousSession
        mediator.consumer = menu
        onStop { mediator.disconnect() }
        self.mediator = mediator
    }

    /// Offers (or stops offering) "Restore Previous Session".
    func setCanRestorePreviousSession(_ can: Bool) { mediator?.canRestorePreviousSession = can }

    override func stop() {
        super.stop()
        mediator = nil
    }
}
