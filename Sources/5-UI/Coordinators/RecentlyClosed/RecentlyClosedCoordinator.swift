import Commands
import Mediators
import Sessions
import TabModel
import UIInterfaces
import ViewControllers

/// The window's "Recently Closed" menu: a ``RecentlyClosedMediator`` pushes the profile's
/// recently closed tabs and windows, and whether the previous session can be restored, to a
/// ``RecentlyClosedViewController``. Reopening them is a ``SceneCommands``, which the
/// application's scene mediator handles.
@MainActor
final class RecentlyClosedCoordinator: FeatureCoordinator {
    private let tabRestore: TabRestoreService
    private let canRestorePreviousSession: Bool
    private let commandUpdater: any CommandUpdater
    private var mediator: RecentlyClosedMediator?
    /// The view controller (while started).
    private(set) var viewController: RecentlyClosedViewController?

    /// The entries of `tabRestore` (the window's profile's); the previous session is offered
    /// for restore while `canRestorePreviousSession`. `commandUpdater` is the window, whose
    /// reopen actions the menu enables.
    init(
        tabRestore: TabRestoreService, canRestorePreviousSession: Bool, commandUpdater: any CommandUpdater,
        webStateList: WebStateList, dispatcher: CommandDispatcher
    ) {
        self.tabRestore = tabRestore
        self.canRestorePreviousSession = canRestorePreviousSession
        self.commandUpdater = commandUpdater
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let viewController = RecentlyClosedViewController(commandUpdater: commandUpdater)
        let mediator = RecentlyClosedMediator(tabRestore: tabRestore)
        mediator.canRestorePreviousSession = canRestorePreviousSession
        mediator.consumer = viewController
        onStop { mediator.disconnect() }
        self.mediator = mediator
        self.viewController = viewController
    }

    /// Offers (or stops offering) "Restore Previous Session".
    func setCanRestorePreviousSession(_ can: Bool) { mediator?.canRestorePreviousSession = can }

    override func stop() {
        super.stop()
        mediator = nil
        viewController = nil
    }
}
