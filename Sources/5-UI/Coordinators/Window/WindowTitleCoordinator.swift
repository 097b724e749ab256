import Commands
import Mediators
import TabModel
import UIInterfaces
import ViewControllers

/// The window's title: a ``WindowTitleMediator`` names the window after its active tab.
@MainActor
final class WindowTitleCoordinator: FeatureCoordinator {
    private let isIncognito: Bool
    private weak var window: (any WindowTitleConsumer)?

    /// The title of the window shown by `consumer`, an incognito one when `isIncognito`.
    init(
        isIncognito: Bool, consumer: any WindowTitleConsumer, webStateList: WebStateList,
        dispatcher: CommandDispatcher
    ) {
        self.isIncognito = isIncognito
        window = consumer
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let mediator = WindowTitleMediator(webStateList: webStateList, isIncognito: isIncognito)
        mediator.consumer = window
        onStop { mediator.disconnect() }
    }
}
