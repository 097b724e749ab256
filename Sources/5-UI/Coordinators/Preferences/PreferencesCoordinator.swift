import CGTK
import Commands
import ContentSettings
import Foundation
import Mediators
import Prefs
import UIInterfaces
import ViewControllers

/// The application's one preferences window (Ctrl+, or the menu's Preferences in any window):
/// made over the regular profile's prefs when first asked for, brought to the front when asked
/// again, and torn down when the user closes it. An incognito window's request opens the same
/// window: an off-the-record profile reads its regular profile's prefs.
@MainActor
final class PreferencesCoordinator: Coordinator {
    private let prefs: PrefService
    private let dispatcher = CommandDispatcher()
    private let onClose: @MainActor () -> Void
    private let contentSettings: HostContentSettingsMap?
    private var mediator: PreferencesMediator?
    /// The Site Settings page (while started, with a content settings map).
    private var siteSettings: SiteSettingsCoordinator?
    /// The window (while started).
    private(set) var viewController: PreferencesViewController?

    /// The window over `prefs` (a regular profile's), with a Site Settings page over
    /// `contentSettings` (the same profile's) when given; `onClose` runs when the user closed
    /// it, for the owner to stop this coordinator.
    init(
        prefs: PrefService, contentSettings: HostContentSettingsMap? = nil,
        onClose: @escaping @MainActor () -> Void
    ) {
        self.prefs = prefs
        self.contentSettings = contentSettings
        self.onClose = onClose
        super.init()
    }

    /// The user's download directory, which an empty download folder pref stands for.
    static var defaultDownloadDirectory: String {
        if let path = g_get_user_special_dir(G_USER_DIRECTORY_DOWNLOAD) { return String(cString: path) }
        return String(cString: g_get_home_dir()) + "/Downloads"
    }

    override func start() {
        super.start()
        let mediator = PreferencesMediator(
            prefs: prefs, defaultDownloadDirectory: Self.defaultDownloadDirectory)
        let viewController = PreferencesViewController(
            commands: dispatcher.sender(for: (any PreferencesCommands).self))
        dispatcher.startDispatching((any PreferencesCommands).self, to: mediator)
        mediator.consumer = viewController
        viewController.onClose { [weak self] in self?.onClose() }
        if let contentSettings {
            let siteSettings = SiteSettingsCoordinator(map: contentSettings)
            viewController.addPage(siteSettings.viewController)
            self.siteSettings = siteSettings
        }
        self.mediator = mediator
        self.viewController = viewController
        EventLog.record("preferences-shown")
    }

    /// Shows the window over `parent` (a `GtkWindow *`), or brings it to the front.
    func present(over parent: UnsafeMutableRawPointer?) {
        viewController?.present(over: parent)
        EventLog.record("preferences-presented")
    }

    override func stop() {
        dispatcher.stopDispatching(for: (any PreferencesCommands).self)
        mediator?.disconnect()
        mediator = nil
        siteSettings?.stop()
        siteSettings = nil
        viewController = nil
        EventLog.record("preferences-closed")
        super.stop()
    }
}
