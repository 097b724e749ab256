import Commands
import Mediators
import Prefs
import TabModel
import UIInterfaces
import ViewControllers

/// The location entry: its view controller and mediator; the mediator handles
/// ``LocationBarCommands``.
@MainActor
final class LocationBarCoordinator: FeatureCoordinator {
    private let prefs: PrefService
    /// The view controller (while started).
    private(set) var viewController: LocationBarViewController?

    init(webStateList: WebStateList, prefs: PrefService, dispatcher: CommandDispatcher) {
        self.prefs = prefs
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let viewController = LocationBarViewController(
            locationBar: dispatcher.sender(for: (any LocationBarCommands).self))
        let mediator = LocationBarMediator(webStateList: webStateList, prefService: prefs)
        register((any LocationBarCommands).self, to: mediator)
        mediator.consumer = consumer(viewController as any LocationBarConsumer) {
            LocationBarEventLogger(forwardingTo: $0)
        }
        onStop { mediator.disconnect() }
        self.viewController = viewController
    }

    /// Moves the focus to the entry, its text selected.
    func focus() { viewController?.focus() }

    /// Moves the focus to the entry of a tab just opened (what was typed for another goes).
    func focusForNewTab() { viewController?.focusForNewTab() }

    override func stop() {
        super.stop()
        viewController = nil
    }
}
