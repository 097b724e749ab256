import Commands
import TabModel

/// The base of a window's coordinator and of the coordinators of its parts (tab strip,
/// toolbar, location bar, content, find bar …): each makes a view controller and a mediator
/// over the window's tab list, connects them, and registers the mediator for its command
/// protocol when it has one.
/// What a
/// subclass connects in ``start()`` it records with ``register(_:to:)`` and
/// ``onStop(_:)``, and ``stop()`` undoes it, last first.
@MainActor
class FeatureCoordinator: Coordinator {
    /// The window's tabs.
    let webStateList: WebStateList
    /// The window's dispatcher.
    let dispatcher: CommandDispatcher
    private var stopActions: [@MainActor () -> Void] = []
    private var retained: [AnyObject] = []

    init(webStateList: WebStateList, dispatcher: CommandDispatcher) {
        self.webStateList = webStateList
        self.dispatcher = dispatcher
        super.init()
    }

    /// Makes `handler` the handler of `command` until ``stop()``.
    func register<Command>(_ command: Command.Type, to handler: Command) {
        dispatcher.startDispatching(command, to: handler)
        onStop { [dispatcher] in dispatcher.stopDispatching(for: command) }
    }

    /// Runs `action` at ``stop()``.
    func onStop(_ action: @escaping @MainActor () -> Void) { stopActions.append(action) }

    /// The consumer a mediator pushes to: `viewController`, or, when the test-only event log is
    /// on, `logger(viewController)` in front of it (kept alive until ``stop()``, since a
    /// mediator holds its consumer weakly).
    func consumer<Consumer>(_ viewController: Consumer, loggedBy logger: (Consumer) -> Consumer) -> Consumer {
        guard EventLog.isEnabled else { return viewController }
        let logging = logger(viewController)
        retained.append(logging as AnyObject)
        return logging
    }

    override func stop() {
        for action in stopActions.reversed() { action() }
        stopActions.removeAll()
        retained.removeAll()
        super.stop()
    }
}
