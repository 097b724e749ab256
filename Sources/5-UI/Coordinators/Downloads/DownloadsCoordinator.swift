import Base
import CGTK
import Commands
import Downloads
import Foundation
import Mediators
import Profiles
import TabModel
import UIInterfaces
import ViewControllers

/// The downloads list of the window's profile: a ``DownloadsMediator`` over the profile's
/// ``DownloadHistoryService`` (handling its ``DownloadsCommands``) and a
/// ``DownloadsViewController``, the header bar's downloads button and its popover, which
/// shows each download that ended as a toast. The window's save dialog joins the profile's
/// ``DownloadDestinationMediator``, which decides where downloads go from the prefs.
@MainActor
final class DownloadsCoordinator: FeatureCoordinator {
    private let history: DownloadHistoryService
    private let profile: Profile
    private let saveFileChooser: any SaveFileChooser
    private let launcher: any FileLauncher
    private let clock: any TimerClock
    private let toasts: any ToastPresenter
    /// The view controller (while started).
    private(set) var viewController: DownloadsViewController?

    /// The downloads of `history` (the window's profile's); files open through `launcher`,
    /// speeds are measured on `clock`, `toasts` shows the downloads that ended.
    init(
        history: DownloadHistoryService, profile: Profile, saveFileChooser: any SaveFileChooser,
        launcher: any FileLauncher, clock: any TimerClock, toasts: any ToastPresenter,
        webStateList: WebStateList,
        dispatcher: CommandDispatcher
    ) {
        self.history = history
        self.profile = profile
        self.saveFileChooser = saveFileChooser
        self.launcher = launcher
        self.clock = clock
        self.toasts = toasts
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let viewController = DownloadsViewController(
            downloads: dispatcher.sender(for: (any DownloadsCommands).self), toasts: toasts)
        let mediator = DownloadsMediator(history: history, launcher: launcher, clock: clock)
        mediator.consumer = viewController
        register((any DownloadsCommands).self, to: mediator)
        onStop { mediator.disconnect() }
        self.viewController = viewController

        let profile = profile
        let destinations = profile.userData.getOrCreate(Self.destinationsKey) {
            DownloadDestinationMediator(prefs: profile.prefs, defaultDirectory: Self.userDownloadDirectory)
        }
        profile.webEngineContext.downloadDestinationDelegate = destinations
        destinations.addChooser(saveFileChooser)
        let chooser = saveFileChooser
        onStop { destinations.removeChooser(chooser) }
    }

    private static let destinationsKey = UserDataKey<DownloadDestinationMediator>()

    /// The user's download directory: XDG's, else `~/Downloads` (as the engine's default).
    static var userDownloadDirectory: URL {
        if let path = g_get_user_special_dir(G_USER_DIRECTORY_DOWNLOAD) {
            return URL(fileURLWithPath: String(cString: path), isDirectory: true)
        }
        return URL(fileURLWithPath: String(cString: g_get_home_dir()), isDirectory: true)
            .appendingPathComponent("Downloads", isDirectory: true)
    }

    override func stop() {
        super.stop()
        viewController = nil
    }
}
