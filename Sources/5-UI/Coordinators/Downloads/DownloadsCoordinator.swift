import Commands
import Mediators
import TabModel
import UIInterfaces
import ViewControllers
import Web

/// The downloads of the window's profile: a ``DownloadsMediator`` lists those under way (and
/// handles their ``DownloadsCommands``) and tells of those that ended.
@MainActor
final class DownloadsCoordinator: FeatureCoordinator {
    private let context: any WebEngineContext
    private weak var downloadsConsumer: (any DownloadsConsumer)?

    /// The downloads of `context` (the window's profile's), shown by `consumer`.
    init(
        context: any WebEngineContext, consumer: any DownloadsConsumer, webStateList: WebStateList,
        dispatcher: CommandDispatcher
    ) {
        self.context = context
        downloadsConsumer = consumer
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let mediator = DownloadsMediator(context: context)
        mediator.consumer = downloadsConsumer
        register((any DownloadsCommands).self, to: mediator)
        onStop { mediator.disconnect() }
    }
}
