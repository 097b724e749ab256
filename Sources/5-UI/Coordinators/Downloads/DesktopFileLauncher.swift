import CGTK
import Foundation
import GLibSupport
import Mediators

/// Opens downloaded files on the desktop: with the default application for their type
/// (`g_app_info_launch_default_for_uri`, with the display's launch context for startup
/// notification), and in the file manager through the freedesktop File Manager interface
/// (`org.freedesktop.FileManager1.ShowItems` on the session bus), falling back to opening the
/// file's folder when no file manager answers. Each launch is recorded in the event log
/// (`launch open <uri> ok`), which the end-to-end tests read.
@MainActor
final class DesktopFileLauncher: FileLauncher {
    func open(_ file: URL, failed: @escaping @MainActor (String) -> Void) {
        if let failure = launch(file.absoluteString, what: "open") { failed(failure) }
    }

    func showInFolder(_ file: URL, failed: @escaping @MainActor (String) -> Void) {
        let uri = file.absoluteString
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else {
            return openFolder(of: file, failed: failed)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        // ShowItems(as uris, s startup_id): the variants are floating, the call sinks them.
        let uris = uri.withCString { item in
            var items: [UnsafePointer<CChar>?] = [item]
            return g_variant_new_strv(&items, 1)
        }
        var parameters = [uris, g_variant_new_string("")]
        let tuple = g_variant_new_tuple(&parameters, 2)
        let done = ShowItemsCompletion { [weak self] succeeded in
            if succeeded {
                EventLog.record("launch", "show-in-folder \(uri) ok")
            } else {
                self?.openFolder(of: file, failed: failed)
            }
        }
        g_dbus_connection_call(
            bus, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1",
            "org.freedesktop.FileManager1",
            "ShowItems", tuple, nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, ShowItemsCompletion.callback,
            Unmanaged.passRetained(done).toOpaque())
    }

    private func openFolder(of file: URL, failed: @escaping @MainActor (String) -> Void) {
        if let failure = launch(file.deletingLastPathComponent().absoluteString, what: "show-in-folder") {
            failed(failure)
        }
    }

    /// Launches the default application for `uri`; the reason it could not, if it could not.
    private func launch(_ uri: String, what: String) -> String? {
        let context = gdk_display_get_default().flatMap { gdk_display_get_app_launch_context($0) }
        defer { if let context { g_object_unref(UnsafeMutableRawPointer(context)) } }
        var error: UnsafeMutablePointer<GError>?
        let launchContext = context.map {
            UnsafeMutableRawPointer($0).assumingMemoryBound(to: GAppLaunchContext.self)
        }
        let launched = g_app_info_launch_default_for_uri(uri, launchContext, &error) != 0
        var failure: String?
        if let error {
            failure = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
            g_error_free(error)
        } else if !launched {
            failure = "no application answered"
        }
        EventLog.record("launch", "\(what) \(uri) " + (failure.map { "failed: \($0)" } ?? "ok"))
        return failure
    }
}

/// Carries the answer of the `ShowItems` call back to Swift: whether it succeeded.
@MainActor
private final class ShowItemsCompletion {
    let handler: @MainActor (Bool) -> Void

    init(_ handler: @escaping @MainActor (Bool) -> Void) { self.handler = handler }

    static let callback: GAsyncReadyCallback = { source, result, data in
        guard let data else { return }
        nonisolated(unsafe) let box = data
        nonisolated(unsafe) let source = source
        nonisolated(unsafe) let result = result
        MainActor.assumeIsolated {
            let completion = Unmanaged<ShowItemsCompletion>.fromOpaque(box).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
            if let reply { g_variant_unref(reply) }
            if let error { g_error_free(error) }
            completion.handler(reply != nil)
        }
    }
}
