public import CAdwaita
import CGTK
import GLibSupport

/// The about window (libadwaita's `AdwAboutWindow`): the application's name, its version, a
/// line about it and its licence, over the browser window that asked for it. It is a window of
/// its own: the user closes it, and GTK destroys it then.
@MainActor
public final class AboutViewController: ViewController {
    /// The about window.
    public let widget: UnsafeMutablePointer<GtkWidget>
    private let ownership: GObjectRef

    /// An about window for `applicationName` at `version`, with `comments` under the name.
    public init(applicationName: String, version: String, comments: String) {
        widget = adw_about_window_new()
        ownership = ownWidget(widget)
        let about = opaque(widget)
        adw_about_window_set_application_name(about, applicationName)
        adw_about_window_set_version(about, version)
        adw_about_window_set_comments(about, comments)
        adw_about_window_set_license_type(about, GTK_LICENSE_CUSTOM)
    }

    /// The about window as GTK's window functions take it.
    var window: UnsafeMutablePointer<GtkWindow> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkWindow.self)
    }

    /// Shows the about window over `parent` (a `GtkWindow *`), transient for it. ViewControllers
    /// name GTK's types only through CAdwaita (docs/design.md, "Modules"), so the parent
    /// comes as a raw pointer.
    public func present(over parent: UnsafeMutableRawPointer) {
        gtk_window_set_transient_for(window, parent.assumingMemoryBound(to: GtkWindow.self))
        gtk_window_present(window)
    }
}
