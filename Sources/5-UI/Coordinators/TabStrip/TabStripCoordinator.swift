import Commands
import Mediators
import TabModel
import UIInterfaces
import ViewControllers
import Web

/// The tab strip: its view controller (AdwTabBar) and mediator; the mediator handles the
/// ``TabStripCommands`` the strip sends. The strip follows the window's broadcaster for
/// whether it shows.
@MainActor
final class TabStripCoordinator: FeatureCoordinator {
    private let broadcaster: Broadcaster
    private let registry: TabStripRegistry
    /// The view controller (while started).
    private(set) var viewController: TabStripViewController?
    /// The profile's favicons (set before ``start()``).
    var faviconLoader: FaviconLoader?
    /// Moves the tab at an index to a new window (the window's coordinator sets it).
    var moveToNewWindow: (@MainActor (_ index: Int) -> Void)?
    /// Moves the tab at an index to another window, at an index there (nil: the end); the
    /// window's coordinator sets it.
    var moveToWindow: (@MainActor (_ index: Int, _ windowID: Int, _ insertionIndex: Int?) -> Void)?

    /// `registry` holds the application's strips, which tabs are dragged between.
    init(
        webStateList: WebStateList, dispatcher: CommandDispatcher, broadcaster: Broadcaster,
        registry: TabStripRegistry
    ) {
        self.broadcaster = broadcaster
        self.registry = registry
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let viewController = TabStripViewController(
            tabStrip: dispatcher.sender(for: (any TabStripCommands).self), registry: registry)
        viewController.observe(broadcaster)
        onStop { [broadcaster] in viewController.stopObserving(broadcaster) }
        let mediator = TabStripMediator(webStateList: webStateList, faviconLoader: faviconLoader)
        mediator.moveToNewWindow = { [weak self] index in self?.moveToNewWindow?(index) }
        mediator.moveToWindow = { [weak self] index, windowID, insertionIndex in
            self?.moveToWindow?(index, windowID, insertionIndex)
        }
        register((any TabStripCommands).self, to: mediator)
        mediator.consumer = consumer(viewController as any TabStripConsumer) {
            TabStripEventLogger(forwardingTo: $0)
        }
        onStop { mediator.disconnect() }
        self.viewController = viewController
    }

    /// Offers `targets` in the tabs' "Move to Window" menu; `windowID` is this window's (tabs
    /// dropped on its strip move here with it).
    func setMoveTargets(_ targets: [TabMoveTarget], windowID: Int) {
        viewController?.setWindowID(windowID)
        viewController?.setMoveTargets(targets)
    }

    override func stop() {
        super.stop()
        viewController = nil
    }
}
