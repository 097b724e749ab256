import CAdwaita
import CGTK
import Commands
import GLibSupport
import GTKShims

// The History window's recycled list rows.
extension HistoryViewController {
    /// The widgets of one recycled list row, and the key it shows.
    @MainActor
    final class Cell {
        let root: UnsafeMutablePointer<GtkWidget>
        let heading: UnsafeMutablePointer<GtkWidget>
        let row: UnsafeMutablePointer<GtkWidget>
        let icon: UnsafeMutablePointer<GtkWidget>
        let title: UnsafeMutablePointer<GtkWidget>
        let url: UnsafeMutablePointer<GtkWidget>
        let time: UnsafeMutablePointer<GtkWidget>
        let menuButton: UnsafeMutablePointer<GtkWidget>
        let actions = ActionGroup()
        var key: String?
        var connections: [SignalConnection] = []

        init() {
            root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
            heading = gtk_label_new(nil)
            gtk_label_set_xalign(opaque(heading), 0)
            gtk_widget_add_css_class(heading, "heading")
            gtk_widget_set_margin_top(heading, 18)
            gtk_widget_set_margin_bottom(heading, 6)
            gtk_widget_set_margin_start(heading, 6)
            row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
            gtk_widget_set_margin_top(row, 6)
            gtk_widget_set_margin_bottom(row, 6)
            gtk_widget_set_margin_start(row, 6)
            icon = gtk_image_new()
            gtk_image_set_pixel_size(opaque(icon), 16)
            let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
            gtk_widget_set_hexpand(column, 1)
            title = gtk_label_new(nil)
            gtk_label_set_xalign(opaque(title), 0)
            gtk_label_set_ellipsize(opaque(title), PANGO_ELLIPSIZE_END)
            url = gtk_label_new(nil)
            gtk_label_set_xalign(opaque(url), 0)
            gtk_label_set_ellipsize(opaque(url), PANGO_ELLIPSIZE_MIDDLE)
            gtk_widget_add_css_class(url, "dim-label")
            gtk_widget_add_css_class(url, "caption")
            gtk_box_append(cast(column), title)
            gtk_box_append(cast(column), url)
            time = gtk_label_new(nil)
            gtk_widget_add_css_class(time, "dim-label")
            gtk_widget_add_css_class(time, "numeric")
            menuButton = gtk_menu_button_new()
            gtk_menu_button_set_icon_name(opaque(menuButton), "view-more-symbolic")
            gtk_widget_add_css_class(menuButton, "flat")
            gtk_widget_set_valign(menuButton, GTK_ALIGN_CENTER)
            gtk_widget_set_tooltip_text(menuButton, "Row Menu")
            setAccessibleLabel(menuButton, "Row Menu")
            let menu = g_menu_new()!
            g_menu_append(menu, "Open in New Tab", "row.open-in-new-tab")
            g_menu_append(menu, "Delete Everything from This Site", "row.delete-site")
            gtk_menu_button_set_menu_model(opaque(menuButton), UnsafeMutablePointer(menu))
            g_object_unref(UnsafeMutableRawPointer(menu))
            gtk_box_append(cast(row), icon)
            gtk_box_append(cast(row), column)
            gtk_box_append(cast(row), time)
            gtk_box_append(cast(row), menuButton)
            gtk_box_append(cast(root), heading)
            gtk_box_append(cast(root), row)
            gtk_widget_insert_action_group(root, "row", actions.group.opaque)
        }

        /// The visit the row shows, if it shows one.
        var visitID: Int64? { key.flatMap(HistoryViewController.visitID(ofKey:)) }
    }
}
