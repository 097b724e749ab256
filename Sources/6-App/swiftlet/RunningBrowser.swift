import CGLib
import Foundation

/// Whether a Swiftlet window runs for this user: its application id is owned on the D-Bus
/// session bus (the browser is single instance over D-Bus, `BrowserApplication`). Without a
/// session bus (`DBUS_SESSION_BUS_ADDRESS` unset and no `$XDG_RUNTIME_DIR/bus`), nothing
/// could be found and the answer is no: GIO is not asked, so that it starts no bus of its own.
enum RunningBrowser {
    static var applicationID: String {
        ProcessInfo.processInfo.environment["SWIFTLET_APP_ID"] ?? "org.swiftlet.Swiftlet"
    }

    static var isRunning: Bool {
        let environment = ProcessInfo.processInfo.environment
        let hasBus =
            !(environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty
            || (environment["XDG_RUNTIME_DIR"].map { FileManager.default.fileExists(atPath: $0 + "/bus") }
                ?? false)
        guard hasBus, let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        var name = g_variant_new_string(applicationID)
        let arguments = g_variant_new_tuple(&name, 1)
        guard
            let reply = g_dbus_connection_call_sync(
                bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                arguments, nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, nil)
        else { return false }
        defer { g_variant_unref(reply) }
        let owned = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(owned) }
        return g_variant_get_boolean(owned) != 0
    }

    /// What a command that writes a profile says when a window runs.
    static let refusal = """
        Swiftlet is running: it holds the profile's bookmarks and history. Import from its \
        window (main menu ▸ Import Bookmarks and History…), or quit it and run this again.
        """
}
