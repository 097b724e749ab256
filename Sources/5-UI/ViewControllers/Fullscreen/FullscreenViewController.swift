public import CAdwaita
import CGTK
public import Commands
import GLibSupport
public import UIInterfaces

/// The window's side of fullscreen, through the window's `Broadcaster` (``connect(to:)``): it
/// publishes what it sees of the window — ``BroadcastProperty/isFullscreen`` (the window's
/// `fullscreened`), ``BroadcastProperty/fullscreenPointerPosition`` and
/// ``BroadcastProperty/isFocusInToolbar`` — and follows what the fullscreen mediator decides,
/// ``BroadcastProperty/isToolbarRevealedInFullscreen``, by laying the window's toolbar out
/// (``FullscreenLayout``). Its widget is the Leave Fullscreen button, shown while the window
/// is fullscreen.
@MainActor
public final class FullscreenViewController: ViewController, BroadcastSource {
    /// The Leave Fullscreen button, for the end of the header bar.
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// Fired after ``isFullscreen``, ``pointerPosition`` or ``isFocusInToolbar`` changed.
    public let broadcastNotifier = BroadcastNotifier()
    /// Whether the window is fullscreen (its `fullscreened` property).
    public private(set) var isFullscreen = false
    /// Where the pointer is, for revealing the toolbar in fullscreen.
    public private(set) var pointerPosition = FullscreenPointerPosition.elsewhere
    public private(set) var isFocusInToolbar = false
    /// The last ``BroadcastProperty/isToolbarRevealedInFullscreen`` received.
    private(set) var isToolbarRevealedInFullscreen = false

    private weak var layout: (any FullscreenLayout)?
    private let ownership: GObjectRef
    private var windowConnections: [SignalConnection] = []
    /// The capture-phase motion controller that follows the pointer over the window (a
    /// `GtkEventController *`).
    private(set) var pointerController: OpaquePointer?

    /// Watches `layout`'s window (held weakly: the window hosts this view controller) and lays
    /// its toolbar out as fullscreen and the broadcaster say.
    public init(layout: any FullscreenLayout) {
        self.layout = layout
        widget = iconButton("view-restore-symbolic", label: "Leave Fullscreen")
        ownership = ownWidget(widget)
        gtk_actionable_set_action_name(opaque(widget), WindowAction.fullscreen.detailedName)
        gtk_widget_set_visible(widget, 0)
        watchWindow(layout.window)
    }

    /// Publishes ``isFullscreen``, ``pointerPosition`` and ``isFocusInToolbar`` on `broadcaster`
    /// and follows its ``BroadcastProperty/isToolbarRevealedInFullscreen``.
    public func connect(to broadcaster: Broadcaster) {
        broadcaster.broadcast(.isFullscreen, from: self, at: \.isFullscreen)
        broadcaster.broadcast(.fullscreenPointerPosition, from: self, at: \.pointerPosition)
        broadcaster.broadcast(.isFocusInToolbar, from: self, at: \.isFocusInToolbar)
        broadcaster.addObserver(self, for: .isToolbarRevealedInFullscreen) { controller, revealed in
            controller.isToolbarRevealedInFullscreen = revealed
            controller.layOutToolbar()
        }
    }

    /// Stops publishing on `broadcaster` and following it.
    public func disconnect(from broadcaster: Broadcaster) {
        broadcaster.removeObserver(self)
        broadcaster.stopBroadcasting(.isFullscreen)
        broadcaster.stopBroadcasting(.fullscreenPointerPosition)
        broadcaster.stopBroadcasting(.isFocusInToolbar)
    }

    /// Follows the window's fullscreen state, the pointer over it and its keyboard focus.
    private func watchWindow(_ window: UnsafeMutablePointer<GtkWindow>) {
        let instance = rawPointer(window)
        windowConnections.append(
            SignalConnection.connect(instance, signal: "notify::fullscreened") { [weak self] _ in
                self?.fullscreenChanged()
            })
        windowConnections.append(
            SignalConnection.connect(instance, signal: "notify::focus-widget") { [weak self] _ in
                self?.focusChanged()
            })
        // In the capture phase, so that the page under the pointer cannot keep its motion.
        let motion = gtk_event_controller_motion_new()!
        gtk_event_controller_set_propagation_phase(motion, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(cast(window), motion)
        pointerController = motion
        for signal in ["enter", "motion"] {
            windowConnections.append(
                SignalConnection.connect(UnsafeMutableRawPointer(motion), signal: signal) {
                    [weak self] arguments in
                    self?.pointerMoved(y: arguments.double(at: 2))
                })
        }
        windowConnections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(motion), signal: "leave") { [weak self] _ in
                self?.setPointerPosition(.elsewhere)
            })
        fullscreenChanged()
    }

    private func fullscreenChanged() {
        guard let layout else { return }
        let fullscreen = gtk_window_is_fullscreen(layout.window) != 0
        guard fullscreen != isFullscreen else { return }
        isFullscreen = fullscreen
        gtk_widget_set_visible(widget, fullscreen ? 1 : 0)
        layOutToolbar()
        broadcastNotifier.valuesDidChange()
    }

    /// The pointer is `y` pixels below the window's top. Only fullscreen uses where it is:
    /// outside it, the position stays `.elsewhere` and nothing is measured.
    private func pointerMoved(y: Double) {
        guard isFullscreen, let layout else { return setPointerPosition(.elsewhere) }
        var height: Int32 = 0
        gtk_widget_measure(layout.toolbarArea, GTK_ORIENTATION_VERTICAL, -1, nil, &height, nil, nil)
        setPointerPosition(FullscreenPointerPosition.at(y: y, toolbarHeight: Double(height)))
    }

    private func setPointerPosition(_ position: FullscreenPointerPosition) {
        guard position != pointerPosition else { return }
        pointerPosition = position
        broadcastNotifier.valuesDidChange()
    }

    private func focusChanged() {
        guard let layout else { return }
        let focus = gtk_window_get_focus(layout.window)
        let inToolbar = focus.map { gtk_widget_is_ancestor($0, layout.toolbarArea) != 0 } ?? false
        guard inToolbar != isFocusInToolbar else { return }
        isFocusInToolbar = inToolbar
        broadcastNotifier.valuesDidChange()
    }

    private func layOutToolbar() {
        layout?.layOutToolbar(isFullscreen: isFullscreen, isToolbarRevealed: isToolbarRevealedInFullscreen)
    }
}
