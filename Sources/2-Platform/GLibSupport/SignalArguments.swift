import CGLib
import GLibShims

/// The arguments of one signal emission, as GLib passes them to a handler.
///
/// Index 0 is the emitting instance; the signal's own parameters follow from index 1, in
/// the order of the signal's C handler signature. Pointers read from it are borrowed
/// (transfer none) and valid only during the handler: take a reference (``GObjectRef``)
/// or copy what must outlive it. Reading a value as the wrong type returns a zero value
/// and makes GLib print a critical warning.
public struct SignalArguments {
    private let values: UnsafePointer<GValue>
    private let returnValue: UnsafeMutablePointer<GValue>?

    /// The number of values, the instance included.
    public let count: Int

    init(values: UnsafePointer<GValue>, count: Int, returnValue: UnsafeMutablePointer<GValue>?) {
        self.values = values
        self.count = count
        self.returnValue = returnValue
    }

    private func value(_ index: Int) -> UnsafePointer<GValue> {
        precondition(index >= 0 && index < count, "SignalArguments: no argument \(index) of \(count)")
        return values + index
    }

    /// The emitting instance.
    public var instance: UnsafeMutableRawPointer? { object(at: 0) }

    /// The GType name of the value at `index` (e.g. `"gchararray"`, `"WebKitLoadEvent"`).
    public func typeName(at index: Int) -> String {
        g_type_name(gshim_value_type(value(index))).map { String(cString: $0) } ?? ""
    }

    /// An object (`GObject *`) argument, borrowed.
    public func object(at index: Int) -> UnsafeMutableRawPointer? {
        g_value_get_object(value(index))
    }

    /// A boxed argument (e.g. a `GError *`), borrowed.
    public func boxed(at index: Int) -> UnsafeMutableRawPointer? {
        g_value_get_boxed(value(index))
    }

    /// A raw pointer argument (`gpointer`).
    public func pointer(at index: Int) -> UnsafeMutableRawPointer? {
        g_value_get_pointer(value(index))
    }

    /// A `GVariant *` argument (e.g. an action's parameter), borrowed; nil when it is NULL.
    public func variant(at index: Int) -> OpaquePointer? {
        g_value_get_variant(value(index))
    }

    /// A string argument, copied.
    public func string(at index: Int) -> String? {
        g_value_get_string(value(index)).map { String(cString: $0) }
    }

    /// A `gboolean` argument.
    public func bool(at index: Int) -> Bool { g_value_get_boolean(value(index)) != 0 }

    /// A `gint` argument.
    public func int(at index: Int) -> Int32 { g_value_get_int(value(index)) }

    /// A `guint` argument.
    public func uint(at index: Int) -> UInt32 { g_value_get_uint(value(index)) }

    /// A `guint64` argument.
    public func uint64(at index: Int) -> UInt64 { UInt64(g_value_get_uint64(value(index))) }

    /// A `gdouble` argument.
    public func double(at index: Int) -> Double { g_value_get_double(value(index)) }

    /// An enumeration argument, as its raw value.
    public func enumValue(at index: Int) -> Int32 { g_value_get_enum(value(index)) }

    /// A flags argument, as its raw bits.
    public func flags(at index: Int) -> UInt32 { g_value_get_flags(value(index)) }

    /// Whether the signal returns a value (e.g. a `gboolean` "handled").
    public var hasReturnValue: Bool { returnValue != nil }

    /// Sets the `gboolean` the signal returns (e.g. true: "handled, stop other handlers").
    /// Does nothing for a signal that returns nothing.
    public func setReturnValue(_ handled: Bool) {
        guard let returnValue else { return }
        g_value_set_boolean(returnValue, handled ? 1 : 0)
    }

    /// Sets the object the signal returns (e.g. WebKit's "create": the new web view); the
    /// return value takes its own reference. Does nothing for a signal that returns nothing.
    public func setReturnValue(object: UnsafeMutableRawPointer?) {
        guard let returnValue else { return }
        g_value_set_object(returnValue, object)
    }

    /// Sets the `gint` the signal returns (e.g. GApplication's "command-line" exit status).
    /// Does nothing for a signal that returns nothing.
    public func setReturnValue(int value: Int32) {
        guard let returnValue else { return }
        g_value_set_int(returnValue, value)
    }
}
