import CAdwaita
import CGTK
import GTKSupport

/// A picture of a whole window as GTK draws it (header bar, tabs and page), saved as PNG.
/// Used by `make run` on a machine without a display: the window runs on its own Xvfb and
/// leaves its picture behind.
@MainActor
enum WindowSnapshot {
    /// Draws `window`'s content with the window's own renderer and writes a PNG at `path`,
    /// 30 frames from now: a widget's paintable holds a picture only once the widget has been
    /// drawn since the paintable was made, and the page's first frames reach the window a few
    /// frames after the load has finished. Counting frames, not time, keeps it independent of
    /// how fast the machine draws. `completion` gets whether the file was written.
    static func save(
        _ window: WindowHandle, to path: String,
        completion: @escaping @MainActor (Bool) -> Void
    ) {
        guard
            let content = gtk_window_get_child(window.gtkWindow),
            let paintable = gtk_widget_paintable_new(content)
        else { return completion(false) }
        var framesLeft = 30
        let box = TickBox { widget in
            framesLeft -= 1
            if framesLeft > 0 {
                gtk_widget_queue_draw(widget)
                return true
            }
            let saved = render(paintable, of: content, in: window.widget, to: path)
            g_object_unref(UnsafeMutableRawPointer(paintable))
            completion(saved)
            return false
        }
        gtk_widget_queue_draw(content)
        _ = gtk_widget_add_tick_callback(
            content,
            { widget, _, data in
                guard let widget, let data else { return 0 }
                nonisolated(unsafe) let pointer = widget
                return MainActor.assumeIsolated {
                    Unmanaged<TickBox>.fromOpaque(data).takeUnretainedValue().tick(pointer) ? 1 : 0
                }
            }, Unmanaged.passRetained(box).toOpaque(),
            { data in
                guard let data else { return }
                Unmanaged<TickBox>.fromOpaque(data).release()
            })
    }

    private static func render(
        _ paintable: OpaquePointer, of content: UnsafeMutablePointer<GtkWidget>,
        in window: UnsafeMutablePointer<GtkWidget>, to path: String
    ) -> Bool {
        let width = gtk_widget_get_width(content)
        let height = gtk_widget_get_height(content)
        guard width > 0, height > 0, let native = gtk_widget_get_native(window),
            let renderer = gtk_native_get_renderer(native), let snapshot = gtk_snapshot_new()
        else { return false }
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

/// The closure of a tick callback; released by the callback's destroy notify.
private final class TickBox {
    let tick: @MainActor (UnsafeMutablePointer<GtkWidget>) -> Bool

    init(_ tick: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>) -> Bool) { self.tick = tick }
}
