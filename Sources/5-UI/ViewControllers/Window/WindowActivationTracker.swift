public import CAdwaita
import CGTK
import GLibSupport
public import UIInterfaces

/// Follows a window's ``WindowActivation`` and reports each change.
///
/// It watches the window's `is-active` and `visible` properties, its `map`, `unmap` and
/// `destroy` signals, and, while the window is realized, its surface's toplevel state (for
/// `GDK_TOPLEVEL_STATE_MINIMIZED`). `onChange` runs with the new value only when the value
/// changes. Destroying the window reports ``WindowActivation/closed`` once and stops the
/// tracker; a window destroyed while shown is unmapped first, so `.hidden` comes just before.
/// Without a window manager (e.g. under a bare Xvfb) a window may never become active or
/// minimized: it is then `.visible` while mapped.
@MainActor
public final class WindowActivationTracker {
    /// The window's activation as last seen.
    public private(set) var current: WindowActivation

    private let window: UnsafeMutablePointer<GtkWindow>
    private let onChange: @MainActor (WindowActivation) -> Void
    private var windowConnections: [SignalConnection] = []
    private var surfaceConnection: SignalConnection?

    /// Starts following `window` (which must not be destroyed yet); `onChange` gets each new
    /// value. The window is not retained: the tracker stops by itself when it is destroyed.
    public init(
        window: UnsafeMutablePointer<GtkWindow>, onChange: @escaping @MainActor (WindowActivation) -> Void
    ) {
        self.window = window
        self.onChange = onChange
        current = .hidden  // read() needs every stored property set
        current = read()
        let instance = rawPointer(window)
        for signal in ["notify::is-active", "notify::visible", "map", "unmap"] {
            windowConnections.append(
                SignalConnection.connect(instance, signal: signal) { [weak self] _ in self?.update() })
        }
        windowConnections.append(
            SignalConnection.connect(instance, signal: "realize") { [weak self] _ in
                self?.watchSurface()
                self?.update()
            })
        windowConnections.append(
            SignalConnection.connect(instance, signal: "unrealize") { [weak self] _ in
                self?.surfaceConnection = nil
            })
        windowConnections.append(
            SignalConnection.connect(instance, signal: "destroy") { [weak self] _ in self?.windowDestroyed() }
        )
        watchSurface()
    }

    /// Whether the tracker still follows the window (false after ``stop()`` or once the
    /// window was destroyed).
    public var isTracking: Bool { !windowConnections.isEmpty }

    /// Whether the tracker watches the window's surface (while the window is realized).
    var isWatchingSurface: Bool { surfaceConnection?.isConnected ?? false }

    /// Stops following the window: no more changes are reported. Idempotent; dropping the
    /// tracker does the same.
    public func stop() {
        windowConnections.removeAll()
        surfaceConnection = nil
    }

    isolated deinit { stop() }

    private func watchSurface() {
        guard surfaceConnection == nil, let surface = gtk_native_get_surface(OpaquePointer(window)) else {
            return
        }
        let instance = UnsafeMutableRawPointer(surface)
        surfaceConnection = SignalConnection.connect(instance, signal: "notify::state") { [weak self] _ in
            self?.update()
        }
    }

    private func read() -> WindowActivation {
        let widget = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self)
        return WindowActivation.from(
            isVisible: gtk_widget_get_visible(widget) != 0 && gtk_widget_get_mapped(widget) != 0,
            isActive: gtk_window_is_active(window) != 0,
            isMinimized: isMinimized)
    }

    private var isMinimized: Bool {
        guard let surface = gtk_native_get_surface(OpaquePointer(window)) else { return false }
        let state = gdk_toplevel_get_state(surface)
        return state.rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0
    }

    private func update() {
        guard isTracking else { return }
        report(read())
    }

    private func windowDestroyed() {
        stop()
        report(.closed)
    }

    private func report(_ activation: WindowActivation) {
        guard activation != current else { return }
        current = activation
        onChange(activation)
    }
}
