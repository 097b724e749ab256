import CGTK
import GLibSupport

/// GTK's one-time process set-up, done by the application (or a test, a benchmark) before it
/// makes any widget or the WebKit engine.
public enum GTKRuntime {
    /// Whether GTK is initialized in this process.
    @MainActor
    public static var isInitialized: Bool { gtk_is_initialized() != 0 }

    @MainActor private static var initialized = false

    /// Initializes GTK on the main thread if it is not yet; returns false when it cannot
    /// (no display). Also installs the GLib ↔ main-actor bridge.
    @MainActor
    public static func initialize() -> Bool {
        if initialized { return true }
        precondition(GLibMainLoop.isMainThread, "GTKRuntime: initialize GTK on the main thread")
        guard gtk_init_check() != 0 else { return false }
        initialized = true
        GLibMainLoop.installDispatchQueueBridge()
        return true
    }
}
