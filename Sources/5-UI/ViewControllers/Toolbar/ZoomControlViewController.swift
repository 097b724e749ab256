public import CAdwaita
import CGTK
import GLibSupport

/// The main menu's zoom row, as in GNOME Web and Firefox: Zoom Out, the active tab's zoom
/// level ("100%", which resets it), Zoom In. The buttons activate the window's zoom actions;
/// the level comes from ``setZoomLevel(_:)`` (the toolbar forwards its consumer's push).
@MainActor
public final class ZoomControlViewController: ViewController {
    /// A horizontal box of the three buttons.
    public let widget: UnsafeMutablePointer<GtkWidget>

    let zoomOutButton: UnsafeMutablePointer<GtkWidget>
    let levelButton: UnsafeMutablePointer<GtkWidget>
    let zoomInButton: UnsafeMutablePointer<GtkWidget>
    private let ownership: GObjectRef

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        ownership = ownWidget(widget)
        gtk_widget_set_halign(widget, GTK_ALIGN_FILL)
        gtk_box_set_homogeneous(cast(widget), 1)
        zoomOutButton = iconButton("zoom-out-symbolic", label: "Zoom Out")
        levelButton = gtk_button_new_with_label("100%")
        gtk_widget_set_tooltip_text(levelButton, "Reset Zoom")
        zoomInButton = iconButton("zoom-in-symbolic", label: "Zoom In")
        for (button, action) in [
            (zoomOutButton, "zoom-out"), (levelButton, "zoom-reset"), (zoomInButton, "zoom-in"),
        ] {
            gtk_widget_add_css_class(button, "flat")
            gtk_actionable_set_action_name(opaque(button), "browser.\(action)")
            gtk_box_append(cast(widget), button)
        }
    }

    /// The level as shown: "100%", "110%" …
    var levelText: String { String(cString: gtk_button_get_label(cast(levelButton))) }

    /// Shows `level` (1 is 100%) as a whole percentage.
    public func setZoomLevel(_ level: Double) {
        gtk_button_set_label(cast(levelButton), Self.percentText(level))
    }

    /// "100%" for 1, "33%" for 0.33, "110%" for 1.1.
    static func percentText(_ level: Double) -> String { "\(Int((level * 100).rounded()))%" }
}
