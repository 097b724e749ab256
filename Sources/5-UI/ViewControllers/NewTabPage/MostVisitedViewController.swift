public import CAdwaita
import CGTK
public import Commands
import Foundation
import GLibSupport
public import UIInterfaces

/// What a regular window shows over a new tab when Most Visited is chosen: a grid of the
/// most visited sites, each a button with its favicon and title that opens it, and a small
/// button that removes it (GNOME Web's overview and Chromium's shortcut tiles). Shown over
/// the blank page only while ``NewTabPageConsumer`` says so; it never takes the focus, so
/// typing goes to the location entry.
@MainActor
public final class MostVisitedViewController: ViewController, MostVisitedConsumer {
    /// A scrolled window of the grid, hidden until shown.
    public let widget: UnsafeMutablePointer<GtkWidget>

    let grid: UnsafeMutablePointer<GtkWidget>
    private let ownership: GObjectRef
    private let commands: CommandSender<any MostVisitedCommands>
    private var tileConnections: [SignalConnection] = []
    /// The tiles shown, in order.
    private(set) var tiles: [MostVisitedTile] = []

    static let heading = "Most Visited"

    public init(commands: CommandSender<any MostVisitedCommands>) {
        self.commands = commands
        widget = gtk_scrolled_window_new()!
        ownership = ownWidget(widget)
        gtk_scrolled_window_set_policy(opaque(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18)!
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(box, 36)
        gtk_widget_set_margin_bottom(box, 36)
        let title = gtk_label_new(Self.heading)!
        gtk_widget_add_css_class(title, "title-2")
        gtk_box_append(cast(box), title)
        grid = gtk_flow_box_new()!
        gtk_flow_box_set_selection_mode(opaque(grid), GTK_SELECTION_NONE)
        gtk_flow_box_set_homogeneous(opaque(grid), 1)
        gtk_flow_box_set_min_children_per_line(opaque(grid), 2)
        gtk_flow_box_set_max_children_per_line(opaque(grid), 4)
        gtk_flow_box_set_column_spacing(opaque(grid), 12)
        gtk_flow_box_set_row_spacing(opaque(grid), 12)
        gtk_widget_set_halign(grid, GTK_ALIGN_CENTER)
        gtk_widget_set_can_focus(grid, 0)
        gtk_box_append(cast(box), grid)
        gtk_scrolled_window_set_child(opaque(widget), box)
        // Over the page, which is blank: a background of its own.
        gtk_widget_add_css_class(widget, "background")
        gtk_widget_add_css_class(widget, "new-tab-page")
        gtk_widget_set_visible(widget, 0)
    }

    var isShown: Bool { gtk_widget_get_visible(widget) != 0 }

    // MARK: MostVisitedConsumer

    public func setShown(_ shown: Bool) { gtk_widget_set_visible(widget, shown ? 1 : 0) }

    /// Replaces the tiles by `tiles`.
    public func setTiles(_ tiles: [MostVisitedTile]) {
        self.tiles = tiles
        tileConnections.removeAll()
        // GTK 4.8 has no gtk_flow_box_remove_all.
        while let child = gtk_widget_get_first_child(grid) { gtk_flow_box_remove(opaque(grid), child) }
        for tile in tiles { gtk_flow_box_append(opaque(grid), makeTile(tile)) }
    }

    private func makeTile(_ tile: MostVisitedTile) -> UnsafeMutablePointer<GtkWidget> {
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let icon = Self.image(tile.favicon)
        gtk_image_set_pixel_size(opaque(icon), 32)
        gtk_box_append(cast(content), icon)
        let label = gtk_label_new(tile.title)!
        gtk_label_set_ellipsize(opaque(label), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(opaque(label), 14)
        gtk_label_set_width_chars(opaque(label), 14)
        gtk_box_append(cast(content), label)
        let open = gtk_button_new()!
        gtk_button_set_child(cast(open), content)
        gtk_widget_add_css_class(open, "flat")
        gtk_widget_set_focus_on_click(open, 0)
        gtk_widget_set_tooltip_text(open, tile.url.absoluteString)
        setAccessibleLabel(open, tile.title)
        let remove = iconButton("window-close-symbolic", label: "Remove \(tile.title)")
        gtk_widget_set_tooltip_text(remove, "Remove")
        gtk_widget_add_css_class(remove, "flat")
        gtk_widget_add_css_class(remove, "circular")
        gtk_widget_set_focus_on_click(remove, 0)
        gtk_widget_set_halign(remove, GTK_ALIGN_END)
        gtk_widget_set_valign(remove, GTK_ALIGN_START)
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(opaque(overlay), open)
        gtk_overlay_add_overlay(opaque(overlay), remove)
        let url = tile.url
        tileConnections.append(
            SignalConnection.connect(rawPointer(open), signal: "clicked") { [commands] _ in
                commands.send { $0.openMostVisited(url) }
            })
        tileConnections.append(
            SignalConnection.connect(rawPointer(remove), signal: "clicked") { [commands] _ in
                commands.send { $0.removeMostVisited(url) }
            })
        return overlay
    }

    /// The favicon as an image; a generic page icon without one.
    private static func image(_ png: Data?) -> UnsafeMutablePointer<GtkWidget> {
        if let png, !png.isEmpty {
            let bytes = png.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            defer { g_bytes_unref(bytes) }
            var error: UnsafeMutablePointer<GError>?
            if let texture = gdk_texture_new_from_bytes(bytes, &error) {
                defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
                return gtk_image_new_from_paintable(texture)
            }
            g_error_free(error)
        }
        return gtk_image_new_from_icon_name("web-browser-symbolic")
    }

    /// The open and remove buttons of the tile at `index`.
    func buttons(
        ofTileAt index: Int
    ) -> (open: UnsafeMutablePointer<GtkWidget>, remove: UnsafeMutablePointer<GtkWidget>)? {
        guard let child = gtk_flow_box_get_child_at_index(opaque(grid), Int32(index)),
            let overlay = gtk_flow_box_child_get_child(child),
            let open = gtk_overlay_get_child(opaque(overlay)),
            let remove = gtk_widget_get_last_child(overlay), remove != open
        else { return nil }
        return (open, remove)
    }
}
