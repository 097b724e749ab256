import CAdwaita
import CGLib
import CGTK
import GLibSupport
import GTKShims

/// Ends the drops GTK never ends, for a tab strip's dragged tab.
///
/// GTK 4.8's X11 backend never ends a drop on the root window (the bare desktop): it logs
/// "Drops for GDK_DRAG_PROTO_ROOTWIN must be handled internally", and the GdkDrag then waits
/// for an answer that never comes, so libadwaita never asks for a new window and the tab
/// stays out of the bar. The workaround watches drags over the window the strip is in (a
/// GtkDropControllerMotion on it: a drag of this process shows there with its GdkDrag). Once
/// a drag carrying the strip's dragged tab is dropped, it gives it ``stuckDropDelay`` to end
/// (a drop on a tab bar ends within milliseconds); then it cancels it as dropped on no
/// target — what GDK does for a drop anywhere else outside a tab bar, and libadwaita then
/// emits "create-window".
@MainActor
final class StuckDropWorkaround {
    /// How long a drop may take to end before it counts as one GDK never ends, in
    /// milliseconds.
    static let stuckDropDelay: UInt32 = 1000

    /// Whether a page (`AdwTabPage *`) is the strip's dragged tab.
    private let isDraggedPage: @MainActor (OpaquePointer) -> Bool
    private var rootWatch: SignalConnection?
    /// The handlers of the controller that sees drags over the strip's window.
    private var windowDragWatch: [SignalConnection] = []
    /// The GdkDrag carrying the strip's dragged tab, once seen over the window, and its
    /// signal handlers.
    private var watchedDrag: (drag: GObjectRef, connections: [SignalConnection])?
    private var stuckDropTimeout: UInt32?

    /// Watches the window `stripWidget` is in, once it is in one.
    init(
        stripWidget: UnsafeMutablePointer<GtkWidget>,
        isDraggedPage: @escaping @MainActor (OpaquePointer) -> Bool
    ) {
        self.isDraggedPage = isDraggedPage
        rootWatch = SignalConnection.connect(rawPointer(stripWidget), signal: "notify::root") {
            [weak self] _ in
            self?.watchWindow(of: stripWidget)
        }
    }

    isolated deinit {
        if let stuckDropTimeout { GLibMainLoop.removeSource(stuckDropTimeout) }
    }

    private func watchWindow(of stripWidget: UnsafeMutablePointer<GtkWidget>) {
        guard windowDragWatch.isEmpty, let root = gtk_widget_get_root(stripWidget) else { return }
        let window: UnsafeMutablePointer<GtkWidget> = cast(root)
        let controller = gtk_drop_controller_motion_new()!
        gtk_widget_add_controller(window, controller)
        for signal in ["enter", "motion"] {
            windowDragWatch.append(
                SignalConnection.connect(UnsafeMutableRawPointer(controller), signal: signal) {
                    [weak self] _ in
                    guard let self, let drop = gtk_drop_controller_motion_get_drop(controller) else { return }
                    watchForStuckDrop(drop)
                })
        }
    }

    /// Once `drop`'s drag, if it carries the strip's dragged tab, is dropped, cancels it if it
    /// has not ended after ``stuckDropDelay``.
    private func watchForStuckDrop(_ drop: OpaquePointer) {
        guard watchedDrag == nil, let carrier = gdk_drop_get_drag(drop),
            let page = Self.page(carriedBy: carrier), isDraggedPage(page)
        else { return }
        let instance = UnsafeMutableRawPointer(carrier)
        var connections = [
            SignalConnection.connect(instance, signal: "drop-performed") { [weak self] _ in
                guard let self, stuckDropTimeout == nil else { return }
                stuckDropTimeout = GLibMainLoop.addTimeout(milliseconds: Self.stuckDropDelay) {
                    [weak self] in
                    guard let self else { return }
                    stuckDropTimeout = nil
                    if let carrier = watchedDrag?.drag {
                        gtkshim_drag_cancel(carrier.opaque, GDK_DRAG_CANCEL_NO_TARGET)
                    }
                }
            }
        ]
        for signal in ["dnd-finished", "cancel"] {
            connections.append(
                SignalConnection.connect(instance, signal: signal) { [weak self] _ in
                    guard let self else { return }
                    if let stuckDropTimeout { GLibMainLoop.removeSource(stuckDropTimeout) }
                    stuckDropTimeout = nil
                    // Kept alive until GDK's own handlers of the signal have run.
                    GLibMainLoop.addIdle { [weak self] in
                        guard let self, watchedDrag?.drag.pointer == instance else { return }
                        watchedDrag = nil
                    }
                })
        }
        watchedDrag = (GObjectRef(retaining: instance), connections)
    }

    /// The AdwTabPage a GdkDrag carries (AdwTabBar puts the page in its content), if any.
    private static func page(carriedBy drag: OpaquePointer) -> OpaquePointer? {
        guard let content = gdk_drag_get_content(drag) else { return nil }
        var value = GValue()
        g_value_init(&value, adw_tab_page_get_type())
        defer { g_value_unset(&value) }
        guard gdk_content_provider_get_value(content, &value, nil) != 0 else { return nil }
        return g_value_get_object(&value).map(OpaquePointer.init)
    }
}
