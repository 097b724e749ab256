import CGLib
import GLibShims

/// Owns one strong reference to a GObject and drops it, exactly once, on the main actor,
/// when the Swift owner goes.
///
/// Floating references (new GTK widgets and other `GInitiallyUnowned` objects) are sunk
/// on the way in, so the reference held is always a full one whatever the constructor
/// returned. Copying the pointer out (``pointer``, ``typed(_:)``, ``opaque``) does not
/// take a reference: keep the `GObjectRef` alive while the pointer is used.
@MainActor
public final class GObjectRef {
    /// The object (a `GObject *`).
    public let pointer: UnsafeMutableRawPointer

    /// Takes over the reference a constructor returned (transfer full). A floating
    /// reference is sunk into a full one; a full one is kept as it is.
    public init(adopting pointer: UnsafeMutableRawPointer) {
        precondition(gshim_is_object(pointer) != 0, "GObjectRef: not a GObject")
        if g_object_is_floating(pointer) != 0 {
            _ = g_object_ref_sink(pointer)
        }
        self.pointer = pointer
    }

    /// Takes a new reference to an object someone else owns (transfer none). A floating
    /// reference is sunk instead (the caller owned it in name only).
    public init(retaining pointer: UnsafeMutableRawPointer) {
        precondition(gshim_is_object(pointer) != 0, "GObjectRef: not a GObject")
        _ = g_object_ref_sink(pointer)
        self.pointer = pointer
    }

    /// The object as a pointer to its C type (e.g. `WebKitWebView`, `GtkWidget`).
    public func typed<T>(_ type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        pointer.assumingMemoryBound(to: type)
    }

    /// The object as an opaque pointer (for final types Swift imports as `OpaquePointer`).
    public var opaque: OpaquePointer { OpaquePointer(pointer) }

    /// The GType name of the object (e.g. `"WebKitWebView"`).
    public var typeName: String { String(cString: gshim_object_type_name(pointer)) }

    isolated deinit {
        g_object_unref(pointer)
    }
}
