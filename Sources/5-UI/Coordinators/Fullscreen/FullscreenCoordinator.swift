import CGTK
import Commands
import GTKSupport
import Mediators
import TabModel
import UIInterfaces
import ViewControllers

/// Fullscreen, through the window's broadcaster: the window view controller publishes what it
/// sees of its window (fullscreen or not, the pointer, the focus), a ``FullscreenMediator``
/// decides what shows, and the window and the tab strip follow. F11 toggles the GTK window.
@MainActor
final class FullscreenCoordinator: FeatureCoordinator {
    private let broadcaster: Broadcaster
    private let window: WindowHandle
    private weak var windowViewController: BrowserWindowViewController?

    /// Fullscreen for `window`, whose view controller is `windowViewController`.
    init(
        window: WindowHandle, windowViewController: BrowserWindowViewController, broadcaster: Broadcaster,
        webStateList: WebStateList, dispatcher: CommandDispatcher
    ) {
        self.window = window
        self.windowViewController = windowViewController
        self.broadcaster = broadcaster
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        windowViewController?.connect(to: broadcaster)
        let mediator = FullscreenMediator(broadcaster: broadcaster)
        onStop { [weak windowViewController, broadcaster] in
            mediator.disconnect()
            windowViewController?.disconnect(from: broadcaster)
        }
    }

    /// Enters or leaves fullscreen.
    func toggle() {
        if gtk_window_is_fullscreen(window.gtkWindow) != 0 {
            gtk_window_unfullscreen(window.gtkWindow)
        } else {
            gtk_window_fullscreen(window.gtkWindow)
        }
    }
}
