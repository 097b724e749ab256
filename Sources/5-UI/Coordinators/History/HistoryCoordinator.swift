import Commands
import Foundation
import History
import Mediators
import TabModel
import UIInterfaces
import ViewControllers
import Web

/// A browser window's History window (Ctrl+H or the menu's History): a ``HistoryMediator``
/// over the window's profile's ``HistoryService`` pushing to a ``HistoryViewController``,
/// which opens visits in this window's tabs. Made when first asked for, brought to the front
/// when asked again, and stopped when the user closes it (``onClose``) or its browser window
/// goes.
@MainActor
final class HistoryCoordinator: FeatureCoordinator {
    private let service: HistoryService
    private let faviconLoader: FaviconLoader?
    private let webStateFactory: WebStateFactory
    private let onClose: @MainActor () -> Void
    private var mediator: HistoryMediator?
    /// The window (while started).
    private(set) var viewController: HistoryViewController?

    /// The window over `service` (the browser window's profile's), with favicons from
    /// `faviconLoader`; new tabs come from `webStateFactory`. `onClose` runs when the user
    /// closed it, for the owner to stop this coordinator.
    init(
        service: HistoryService, faviconLoader: FaviconLoader?, webStateFactory: @escaping WebStateFactory,
        webStateList: WebStateList, dispatcher: CommandDispatcher, onClose: @escaping @MainActor () -> Void
    ) {
        self.service = service
        self.faviconLoader = faviconLoader
        self.webStateFactory = webStateFactory
        self.onClose = onClose
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let viewController = HistoryViewController(
            commands: dispatcher.sender(for: (any HistoryCommands).self))
        let mediator = HistoryMediator(
            service: service, webStateList: webStateList, faviconLoader: faviconLoader,
            webStateFactory: webStateFactory)
        register((any HistoryCommands).self, to: mediator)
        mediator.consumer = viewController
        onStop { mediator.disconnect() }
        viewController.onClose { [weak self] in self?.onClose() }
        self.mediator = mediator
        self.viewController = viewController
        EventLog.record("history-shown")
    }

    /// Shows the window over `parent` (a `GtkWindow *`), or brings it to the front.
    func present(over parent: UnsafeMutableRawPointer?) { viewController?.present(over: parent) }

    override func stop() {
        super.stop()
        mediator = nil
        viewController?.destroy()
        viewController = nil
    }
}
