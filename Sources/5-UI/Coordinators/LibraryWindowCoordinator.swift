import Commands
import Mediators
import TabModel
import ViewControllers
import Web

/// A browser window's window of its own (``LibraryWindow``: the History and Bookmarks
/// windows): made when first asked for, brought to the front when asked again, stopped when
/// the user closes it (`onClose`) or its browser window goes. Its pages open in the browser
/// window's tabs, new ones made by `webStateFactory`, with favicons from `faviconLoader`.
/// A subclass makes the window and what feeds it in ``makeWindow()``.
@MainActor
class LibraryWindowCoordinator<Window: LibraryWindow>: FeatureCoordinator {
    let faviconLoader: FaviconLoader?
    let webStateFactory: WebStateFactory
    private let onClose: @MainActor () -> Void
    /// The window (while started).
    private(set) var viewController: Window?

    /// `onClose` runs when the user closed the window, for the owner to stop this coordinator.
    init(
        faviconLoader: FaviconLoader?, webStateFactory: @escaping WebStateFactory, webStateList: WebStateList,
        dispatcher: CommandDispatcher, onClose: @escaping @MainActor () -> Void
    ) {
        self.faviconLoader = faviconLoader
        self.webStateFactory = webStateFactory
        self.onClose = onClose
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    /// The window, with its mediator started and registered (stopped with ``onStop(_:)``).
    func makeWindow() -> Window {
        preconditionFailure("\(type(of: self)).makeWindow(): a subclass makes its window")
    }

    override func start() {
        super.start()
        let viewController = makeWindow()
        viewController.onClose { [weak self] in self?.onClose() }
        self.viewController = viewController
    }

    /// Shows the window over `parent` (a `GtkWindow *`), or brings it to the front.
    func present(over parent: UnsafeMutableRawPointer?) { viewController?.present(over: parent) }

    override func stop() {
        super.stop()
        viewController?.destroy()
        viewController = nil
    }
}
