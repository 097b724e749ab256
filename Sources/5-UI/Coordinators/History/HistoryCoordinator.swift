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
/// which opens visits in this window's tabs.
@MainActor
final class HistoryCoordinator: LibraryWindowCoordinator<HistoryViewController> {
    private let service: HistoryService

    /// The window over `service` (the browser window's profile's).
    init(
        service: HistoryService, faviconLoader: FaviconLoader?, webStateFactory: @escaping WebStateFactory,
        webStateList: WebStateList, dispatcher: CommandDispatcher, onClose: @escaping @MainActor () -> Void
    ) {
        self.service = service
        super.init(
            faviconLoader: faviconLoader, webStateFactory: webStateFactory, webStateList: webStateList,
            dispatcher: dispatcher, onClose: onClose)
    }

    override func makeWindow() -> HistoryViewController {
        let viewController = HistoryViewController(
            commands: dispatcher.sender(for: (any HistoryCommands).self))
        let mediator = HistoryMediator(
            service: service, webStateList: webStateList, faviconLoader: faviconLoader,
            webStateFactory: webStateFactory)
        register((any HistoryCommands).self, to: mediator)
        mediator.consumer = viewController
        onStop { mediator.disconnect() }
        EventLog.record("history-shown")
        return viewController
    }
}
