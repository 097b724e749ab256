import Commands
import Mediators
import Prefs
import TabModel
import UIInterfaces
import ViewControllers

/// The location entry: its view controller and mediator; the mediator handles
/// ``LocationBarCommands``.
@MainActor
final class LocationBarCoordinator: Coordinator {
    private let webStateList: WebStateList
    private let prefs: PrefService
    private let dispatcher: CommandDispatcher
    private var mediator: LocationBarMediator?
    private var logger: LocationBarEventLogger?
    /// The view controller (while started).
    private(set) var viewController: LocationBarViewController?

    init(webStateList: WebStateList, prefs: PrefService, dispatcher: CommandDispatcher) {
        self.webStateList = webStateList
        self.prefs = prefs
        self.dispatcher = dispatcher
        super.init()
    }

    override func start() {
        super.start()
        let viewController = LocationBarViewController(
            locationBar: dispatcher.sender(for: (any LocationBarCommands).self))
        let mediator = LocationBarMediator(webStateList: webStateList, prefService: prefs)
        dispatcher.startDispatching((any LocationBarCommands).self, to: mediator)
        if EventLog.isEnabled {
            let logger = LocationBarEventLogger(forwardingTo: viewController)
            self.logger = logger
            mediator.consumer = logger
        } else {
            mediator.consumer = viewController
        }
        self.viewController = viewController
        self.mediator = mediator
    }

    /// Moves the focus to the entry, its text selected.
    func focus() { viewController?.focus() }

    override func stop() {
        dispatcher.stopDispatching(for: (any LocationBarCommands).self)
        mediator?.disconnect()
        mediator = nil
        logger = nil
        viewController = nil
        super.stop()
    }
}
