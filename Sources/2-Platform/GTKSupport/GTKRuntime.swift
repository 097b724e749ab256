import CGTK
import GLShims
import GLibSupport

/// GTK's one-time process set-up, done by the application (or a test, a benchmark) before it
/// makes any widget or the WebKit engine.
public enum GTKRuntime {
    /// Whether GTK is initialized in this process.
    @MainActor
    public static var isInitialized: Bool { gtk_is_initialized() != 0 }

    @MainActor private static var initialized = false

    /// How this process draws, decided by ``initialize()``: with a GPU, or in software where
    /// GL itself runs on the CPU (see ``GraphicsAcceleration``). The application hands
    /// ``GraphicsAcceleration/isHardware`` to the engine.
    @MainActor public private(set) static var graphics: GraphicsAcceleration = .chosen(hardware: true)

    /// Initializes GTK on the main thread if it is not yet; returns false when it cannot
    /// (no display). Also installs the GLib ↔ main-actor bridge, and decides ``graphics``.
    @MainActor
    public static func initialize() -> Bool {
        if initialized { return true }
        precondition(GLibMainLoop.isMainThread, "GTKRuntime: initialize GTK on the main thread")
        guard gtk_init_check() != 0 else { return false }
        initialized = true
        GLibMainLoop.installDispatchQueueBridge()
        graphics = decideGraphics()
        return true
    }

    /// `SWIFTLET_GRAPHICS` when set (`gpu` or `software`), else what GL the display gives: the
    /// renderer of a GL context GDK makes (a few milliseconds; GTK would load the same GL
    /// driver for its first window anyway). In software, GTK is told to draw with cairo,
    /// unless `GSK_RENDERER` already says how: GTK reads it when it makes its first renderer,
    /// after this, and no GTK API chooses a renderer otherwise.
    @MainActor
    private static func decideGraphics() -> GraphicsAcceleration {
        let decision: GraphicsAcceleration
        if let chosen = GraphicsAcceleration.choice(environment: environment("SWIFTLET_GRAPHICS")) {
            decision = chosen
        } else if let renderer = glRenderer() {
            decision =
                GraphicsAcceleration.isSoftwareRenderer(renderer)
                ? .software(renderer: renderer) : .hardware(renderer: renderer)
        } else {
            decision = .software(renderer: nil)
        }
        if !decision.isHardware, environment("GSK_RENDERER") == nil {
            g_setenv("GSK_RENDERER", "cairo", 0)
        }
        return decision
    }

    /// The GL_RENDERER of the default display's GL, or nil without GL there.
    @MainActor
    private static func glRenderer() -> String? {
        guard let display = gdk_display_get_default() else { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let renderer = glshim_display_gl_renderer(display, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_free(renderer) }
        return String(cString: renderer)
    }

    private static func environment(_ name: String) -> String? {
        guard let value = g_getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}
