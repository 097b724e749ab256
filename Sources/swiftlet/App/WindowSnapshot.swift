import CGTK

/// A picture of a whole window as GTK draws it (header bar, tabs and page), saved as PNG.
/// Used by `make run` on a machine without a display: the window runs on its own Xvfb and
/// leaves its picture behind.
@MainActor
enum WindowSnapshot {
    /// Renders `window` with its own renderer and writes a PNG at `path`; false when the
    /// window is not drawn yet or the file cannot be written.
    static func save(_ window: UnsafeMutablePointer<GtkWidget>, to path: String) -> Bool {
        let width = gtk_widget_get_width(window)
        let height = gtk_widget_get_height(window)
        guard width > 0, height > 0, let native = gtk_widget_get_native(window),
            let renderer = gtk_native_get_renderer(native), let paintable = gtk_widget_paintable_new(window)
        else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        guard let snapshot = gtk_snapshot_new() else { return false }
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return false }
        defer { gsk_render_node_unref(node) }
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0),
            size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &bounds) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        return gdk_texture_save_to_png(texture, path) != 0
    }
}
