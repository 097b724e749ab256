import CGLib
import Commands
import GLibSupport
import Mediators
import TabModel
import UIInterfaces

/// A window's part of desktop notifications: the ``DesktopNotificationMediator`` over its
/// tabs, pushing to a ``DesktopNotificationPresenter``. The application action a click runs
/// (``DesktopNotificationPresenter/actionName``) is added to the running GApplication once, and
/// asks each window in turn: the one holding the tab activates it and is brought forward.
@MainActor
final class DesktopNotificationCoordinator: FeatureCoordinator {
    private static var started: [WeakCoordinator] = []
    private static var applicationAction: SignalConnection?

    private struct WeakCoordinator {
        weak var coordinator: DesktopNotificationCoordinator?
    }

    private let presenter: DesktopNotificationPresenter
    private let present: @MainActor () -> Void
    private var mediator: DesktopNotificationMediator?

    /// `present` brings the window forward.
    init(
        webStateList: WebStateList, dispatcher: CommandDispatcher,
        presenter: DesktopNotificationPresenter = DesktopNotificationPresenter(),
        present: @escaping @MainActor () -> Void
    ) {
        self.presenter = presenter
        self.present = present
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let mediator = DesktopNotificationMediator(webStateList: webStateList)
        mediator.consumer = presenter
        self.mediator = mediator
        Self.started.append(WeakCoordinator(coordinator: self))
        Self.addApplicationActionIfNeeded()
        onStop { mediator.disconnect() }
    }

    override func stop() {
        super.stop()
        mediator = nil
        Self.started.removeAll { $0.coordinator == nil || $0.coordinator === self }
    }

    /// The notification `notificationID` of the tab `tab` was clicked: the window holding the
    /// tab activates it and comes forward; false when no window holds it (it was closed).
    @discardableResult
    static func notificationClicked(tab: TabIdentifier, notificationID: UInt64) -> Bool {
        for entry in started {
            guard let coordinator = entry.coordinator, let mediator = coordinator.mediator,
                mediator.notificationClicked(tab: tab, notificationID: notificationID)
            else { continue }
            coordinator.present()
            return true
        }
        return false
    }

    private static func addApplicationActionIfNeeded() {
        guard applicationAction == nil, let application = g_application_get_default() else { return }
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        let action = g_simple_action_new(DesktopNotificationPresenter.actionName, type)!
        applicationAction = SignalConnection.connect(UnsafeMutableRawPointer(action), signal: "activate") {
            arguments in
            guard let parameter = arguments.variant(at: 1),
                let target = DesktopNotificationPresenter.parse(
                    target: String(cString: g_variant_get_string(parameter, nil)))
            else { return }
            EventLog.record("desktop-notification-clicked", "\(target.tab.rawValue)")
            notificationClicked(tab: target.tab, notificationID: target.notificationID)
        }
        g_action_map_add_action(OpaquePointer(application), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }
}
