import Application
import Commands
import Mediators
import TabModel
import UIInterfaces
import ViewControllers
import Web

/// The tab strip: its view controller (AdwTabBar) and mediator; the mediator handles the
/// ``TabStripCommands`` the strip sends, and the application's scene mediator the moves to
/// other windows (``SceneCommands``), whose targets it pushes to the strip. The strip follows
/// the window's broadcaster for whether it shows.
@MainActor
final class TabStripCoordinator: FeatureCoordinator {
    private let broadcaster: Broadcaster
    private let scene: SceneState
    private let sceneMediator: SceneMediator
    private let registry: TabStripRegistry
    /// The view controller (while started).
    private(set) var viewController: TabStripViewController?
    /// The profile's favicons (set before ``start()``).
    var faviconLoader: FaviconLoader?

    /// The strip of `scene`'s window, whose move targets come from `sceneMediator`;
    /// `registry` holds the application's strips, which tabs are dragged between.
    init(scene: SceneState, sceneMediator: SceneMediator, registry: TabStripRegistry) {
        self.registry = registry
        self.broadcaster = scene.browser.broadcaster
        self.scene = scene
        self.sceneMediator = sceneMediator
        super.init(webStateList: scene.browser.webStateList, dispatcher: scene.browser.commandDispatcher)
    }

    override func start() {
        super.start()
        let viewController = TabStripViewController(
            tabStrip: dispatcher.sender(for: (any TabStripCommands).self),
            scene: dispatcher.sender(for: (any SceneCommands).self), registry: registry)
        viewController.observe(broadcaster)
        onStop { [broadcaster] in viewController.stopObserving(broadcaster) }
        let mediator = TabStripMediator(webStateList: webStateList, faviconLoader: faviconLoader)
        register((any TabStripCommands).self, to: mediator)
        mediator.consumer = consumer(viewController as any TabStripConsumer) {
            TabStripEventLogger(forwardingTo: $0)
        }
        onStop { mediator.disconnect() }
        sceneMediator.setMoveTargetsConsumer(viewController, for: scene)
        onStop { [sceneMediator, scene] in sceneMediator.setMoveTargetsConsumer(nil, for: scene) }
        self.viewController = viewController
    }

    override func stop() {
        super.stop()
        viewController = nil
    }
}
