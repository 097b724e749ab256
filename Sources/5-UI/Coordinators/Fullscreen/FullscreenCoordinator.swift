import CGTK
import Commands
import GTKSupport
import Mediators
import TabModel
import UIInterfaces
import ViewControllers

/// Fullscreen, through the window's broadcaster: the ``FullscreenViewController`` publishes
/// what it sees of the window (fullscreen or not, the pointer, the focus), a
/// ``FullscreenMediator`` decides what shows, and the window's layout and the tab strip
/// follow. F11 toggles the GTK window.
@MainActor
final class FullscreenCoordinator: FeatureCoordinator {
    private let broadcaster: Broadcaster
    private let window: WindowHandle
    private let layout: any FullscreenLayout
    /// The view controller (while started): the Leave Fullscreen button.
    private(set) var viewController: FullscreenViewController?

    /// Fullscreen for `window`, whose toolbar `layout` lays out.
    init(
        window: WindowHandle, layout: any FullscreenLayout, broadcaster: Broadcaster,
        webStateList: WebStateList,
        dispatcher: CommandDispatcher
    ) {
        self.window = window
        self.layout = layout
        self.broadcaster = broadcaster
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let viewController = FullscreenViewController(layout: layout)
        viewController.connect(to: broadcaster)
        let mediator = FullscreenMediator(broadcaster: broadcaster)
        onStop { [broadcaster] in
            mediator.disconnect()
            viewController.disconnect(from: broadcaster)
        }
        self.viewController = viewController
    }

    /// Enters or leaves fullscreen.
    func toggle() {
        if gtk_window_is_fullscreen(window.gtkWindow) != 0 {
            gtk_window_unfullscreen(window.gtkWindow)
        } else {
            gtk_window_fullscreen(window.gtkWindow)
        }
    }

    override func stop() {
        super.stop()
        viewController = nil
    }
}
