import CAdwaita
import CGTK
import GLibSupport

/// A window of its own that a browser window opens over itself and owns, as Firefox's Library
/// window: the History window and the Bookmarks window. The browser window shows it, hears
/// when the user closes it, and destroys it when it goes itself.
@MainActor
public protocol LibraryWindow: ViewController {
    /// Calls `handler` when the user closes the window.
    func onClose(_ handler: @escaping @MainActor () -> Void)
    /// Destroys the window without asking (its browser window went).
    func destroy()
}

extension LibraryWindow {
    /// The window as GTK's window functions take it.
    var window: UnsafeMutablePointer<GtkWindow> { cast(widget) }

    /// Shows the window over `parent` (a `GtkWindow *`), or brings it to the front.
    public func present(over parent: UnsafeMutableRawPointer?) {
        if let parent { gtk_window_set_transient_for(window, parent.assumingMemoryBound(to: GtkWindow.self)) }
        gtk_window_present(window)
    }

    /// Closes the window as its close button does (``onClose(_:)`` handlers run).
    public func close() { gtk_window_close(window) }

    /// A connection calling `handler` when the user closes the window.
    func closeRequest(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        SignalConnection.connect(rawPointer(widget), signal: "close-request") { _ in handler() }
    }
}
