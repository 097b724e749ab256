import Bookmarks
import Commands
import Mediators
import TabModel
import UIInterfaces
import ViewControllers

/// The star in the location entry and its popover: their view controller and mediator over
/// the profile's bookmarks; the mediator handles ``BookmarkStarCommands`` (Ctrl+D reaches it
/// through ``bookmarkCurrentPage()``).
@MainActor
final class BookmarkStarCoordinator: FeatureCoordinator {
    private let model: BookmarkModel
    private let entry: LocationBarViewController
    private weak var toasts: (any ToastPresenter)?
    private var mediator: BookmarkStarMediator?
    /// The view controller (while started).
    private(set) var viewController: BookmarkStarViewController?

    /// The star goes into `entry`; the removal toast shows through `toasts`.
    init(
        model: BookmarkModel, entry: LocationBarViewController, toasts: (any ToastPresenter)?,
        webStateList: WebStateList, dispatcher: CommandDispatcher
    ) {
        self.model = model
        self.entry = entry
        self.toasts = toasts
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let viewController = BookmarkStarViewController(
            entry: entry.widget, commands: dispatcher.sender(for: (any BookmarkStarCommands).self),
            toasts: toasts)
        let mediator = BookmarkStarMediator(webStateList: webStateList, model: model)
        register((any BookmarkStarCommands).self, to: mediator)
        mediator.consumer = consumer(viewController as any BookmarkStarConsumer) {
            BookmarkStarEventLogger(forwardingTo: $0)
        }
        onStop { mediator.disconnect() }
        self.viewController = viewController
        self.mediator = mediator
    }

    /// Bookmarks the active page (or edits its bookmark): Ctrl+D.
    func bookmarkCurrentPage() { mediator?.bookmarkCurrentPage() }

    override func stop() {
        super.stop()
        viewController = nil
        mediator = nil
    }
}
