import Application
import Commands
import Mediators
import TabModel
import UIInterfaces
import ViewControllers

/// A window's Clear Browsing Data dialog: a ``ClearBrowsingDataMediator`` over the window's
/// profile's ``BrowsingDataRemover`` handles what a ``ClearBrowsingDataViewController`` asks;
/// the window shows the dialog when asked (``present(over:)``) and the toast when done.
@MainActor
final class ClearBrowsingDataCoordinator: FeatureCoordinator {
    private let remover: BrowsingDataRemover
    private let toasts: any ToastPresenter
    private var mediator: ClearBrowsingDataMediator?
    /// The dialog's view controller (while started).
    private(set) var viewController: ClearBrowsingDataViewController?

    /// Clears with `remover` (the window's profile's); the toast shows through `toasts`.
    init(
        remover: BrowsingDataRemover, toasts: any ToastPresenter, webStateList: WebStateList,
        dispatcher: CommandDispatcher
    ) {
        self.remover = remover
        self.toasts = toasts
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let viewController = ClearBrowsingDataViewController(
            commands: dispatcher.sender(for: (any ClearBrowsingDataCommands).self), toasts: toasts)
        let mediator = ClearBrowsingDataMediator(remover: remover)
        mediator.consumer = viewController
        register((any ClearBrowsingDataCommands).self, to: mediator)
        onStop { mediator.disconnect() }
        self.mediator = mediator
        self.viewController = viewController
    }

    /// Shows the dialog over `parent` (a `GtkWindow *`).
    func present(over parent: UnsafeMutableRawPointer?) {
        viewController?.present(over: parent)
        EventLog.record("clear-browsing-data-shown")
    }

    override func stop() {
        super.stop()
        mediator = nil
        viewController = nil
    }
}
