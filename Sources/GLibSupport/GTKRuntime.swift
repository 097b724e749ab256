import CWebKitGTK

/// GTK's one-time process set-up.
public enum GTKRuntime {
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
