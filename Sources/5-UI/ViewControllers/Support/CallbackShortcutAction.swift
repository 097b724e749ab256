import CAdwaita
import CGTK

/// A `GtkShortcutAction` that runs `handler`; the shortcut counts as handled (the key stops
/// there) only when the handler returns true. The action owns the closure.
@MainActor
func callbackShortcutAction(_ handler: @escaping @MainActor () -> Bool) -> OpaquePointer {
    let box = Unmanaged.passRetained(ShortcutHandlerBox(handler)).toOpaque()
    return gtk_callback_action_new(
        { _, _, data in
            guard let data else { return 0 }
            nonisolated(unsafe) let box = data
            return MainActor.assumeIsolated {
                Unmanaged<ShortcutHandlerBox>.fromOpaque(box).takeUnretainedValue().handler() ? 1 : 0
            }
        }, box, { data in data.map { Unmanaged<ShortcutHandlerBox>.fromOpaque($0).release() } })
}

/// The Swift side of a callback shortcut action.
private final class ShortcutHandlerBox: @unchecked Sendable {
    // Called only on the main thread, by GTK.
    let handler: @MainActor () -> Bool
    init(_ handler: @escaping @MainActor () -> Bool) { self.handler = handler }
}
