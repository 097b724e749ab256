import Commands
import ContentSettings
import Mediators
import TabModel
import UIInterfaces
import ViewControllers

/// The location bar's page info button: its view controller and the ``PageInfoMediator``
/// over the active tab and the profile's content settings, which handles the popover's
/// ``SiteSettingsCommands``.
@MainActor
final class PageInfoCoordinator: FeatureCoordinator {
    /// The view controller (while started).
    private(set) var viewController: PageInfoViewController?
    private let map: HostContentSettingsMap
    private var mediator: PageInfoMediator?

    init(map: HostContentSettingsMap, webStateList: WebStateList, dispatcher: CommandDispatcher) {
        self.map = map
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let viewController = PageInfoViewController(
            commands: dispatcher.sender(for: (any SiteSettingsCommands).self))
        let mediator = PageInfoMediator(webStateList: webStateList, map: map)
        mediator.consumer = viewController
        register((any SiteSettingsCommands).self, to: mediator)
        onStop { mediator.disconnect() }
        self.mediator = mediator
        self.viewController = viewController
    }

    override func stop() {
        super.stop()
        viewController = nil
        mediator = nil
    }
}
