import Base
import Commands
import Downloads
import Mediators
import TabModel
import UIInterfaces
import ViewControllers

/// The downloads list of the window's profile: a ``DownloadsMediator`` over the profile's
/// ``DownloadHistoryService`` (handling its ``DownloadsCommands``) and a
/// ``DownloadsViewController``, the header bar's downloads button and its popover, which
/// shows each download that ended as a toast.
@MainActor
final class DownloadsCoordinator: FeatureCoordinator {
    private let history: DownloadHistoryService
    private let launcher: any FileLauncher
    private let clock: any TimerClock
    private let toasts: any ToastPresenter
    /// The view controller (while started).
    private(set) var viewController: DownloadsViewController?

    /// The downloads of `history` (the window's profile's); files open through `launcher`,
    /// speeds are measured on `clock`, `toasts` shows the downloads that ended.
    init(
        history: DownloadHistoryService, launcher: any FileLauncher, clock: any TimerClock,
        toasts: any ToastPresenter, webStateList: WebStateList, dispatcher: CommandDispatcher
    ) {
        self.history = history
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
    }

    override func stop() {
        super.stop()
        viewController = nil
    }
}
