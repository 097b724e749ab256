import CGTK
import Commands
public import ContentSettings
import Mediators
import UIInterfaces
public import ViewControllers

/// The Site Settings page of a profile: its view controller and the ``SiteSettingsMediator``
/// over the profile's content settings, with a dispatcher of its own for the page's commands.
/// The preferences window adds ``page`` (`adw_preferences_window_add`) and keeps the
/// coordinator while it is open:
///
///     let siteSettings = SiteSettingsCoordinator(map: appState.contentSettings.map(for: profile))
///     adw_preferences_window_add(window, siteSettings.page)
///
/// It stops (the mediator lets the map go) when it is released or ``stop()`` is called.
@MainActor
public final class SiteSettingsCoordinator {
    /// The page's view controller.
    public let viewController: SiteSettingsViewController
    private let mediator: SiteSettingsMediator
    private let dispatcher = CommandDispatcher()
    private var isStopped = false

    /// The page, as an `AdwPreferencesPage *`.
    public var page: OpaquePointer { OpaquePointer(viewController.widget) }

    /// Makes the page over `map` (a profile's; an incognito window's shows its own map, with
    /// what it inherits).
    public init(map: HostContentSettingsMap) {
        viewController = SiteSettingsViewController(
            commands: dispatcher.sender(for: (any SiteSettingsCommands).self))
        mediator = SiteSettingsMediator(map: map)
        dispatcher.startDispatching((any SiteSettingsCommands).self, to: mediator)
        mediator.consumer = viewController
    }

    /// Stops the mediator and the commands; the page shows what it showed last.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        dispatcher.stopDispatching(for: (any SiteSettingsCommands).self)
        mediator.disconnect()
    }

    isolated deinit { stop() }
}
