public import CAdwaita
import CGTK
import GLibSupport
public import GTKSupport

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
    public var window: WindowHandle { WindowHandle(widget) }

    /// Shows the about window over `parent`, transient for it.
    public func present(over parent: WindowHandle) {
        gtk_window_set_transient_for(window.gtkWindow, parent.gtkWindow)
        window.present()
    }
}
