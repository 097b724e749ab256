import CGLib
import GLibShims

/// A handler connected to a GObject signal with ``connect(_:signal:after:handler:)``; it
/// stays connected while this token lives and is disconnected by ``cancel()`` or when the
/// token is released.
///
/// The Swift closure is owned by the connection: GLib holds it through a closure whose
/// finalize notifier releases it, so it goes when the handler is disconnected or when the
/// object is finalized, whichever comes first. Disconnecting after the object has gone is
/// safe (the token knows, from the closure's invalidation, that there is nothing left).
/// Handlers run on the main thread, inside the main actor: connect only to objects whose
/// signals are emitted there (GTK and WebKit objects are).
@MainActor
public final class SignalConnection {
    private let instance: UnsafeMutableRawPointer
    private var handlerID: gulong
    private let box: SignalHandlerBox

    /// The signal's detailed name (e.g. `"notify::title"`).
    public let signal: String

    private init(instance: UnsafeMutableRawPointer, signal: String, handlerID: gulong, box: SignalHandlerBox)
    {
        self.instance = instance
        self.signal = signal
        self.handlerID = handlerID
        self.box = box
    }

    /// Connects `handler` to `signal` (a detailed name, e.g. `"load-changed"` or
    /// `"notify::title"`) of the GObject `instance`; `after` runs it after the default
    /// handler. An unknown signal name is a programming error.
    public static func connect(
        _ instance: UnsafeMutableRawPointer, signal: String, after: Bool = false,
        handler: @escaping @MainActor (SignalArguments) -> Void
    ) -> SignalConnection {
        precondition(gshim_is_object(instance) != 0, "SignalConnection: not a GObject")
        let box = SignalHandlerBox(handler: handler)
        let data = Unmanaged.passRetained(box).toOpaque()  // released by the finalize notifier
        let closure = g_closure_new_simple(guint(MemoryLayout<GClosure>.size), data)!
        g_closure_set_marshal(closure, signalHandlerMarshal)
        g_closure_add_invalidate_notifier(closure, data, signalHandlerInvalidated)
        g_closure_add_finalize_notifier(closure, data, signalHandlerFinalized)
        let handlerID = g_signal_connect_closure(instance, signal, closure, after ? 1 : 0)
        if handlerID == 0 {
            g_closure_sink(closure)  // frees the floating closure, which releases the box
            preconditionFailure(
                "SignalConnection: \(String(cString: gshim_object_type_name(instance))) has no signal '\(signal)'"
            )
        }
        return SignalConnection(instance: instance, signal: signal, handlerID: handlerID, box: box)
    }

    /// Whether the handler is still connected (false after ``cancel()`` or once the object
    /// was finalized).
    public var isConnected: Bool { handlerID != 0 && !box.isInvalidated }

    /// Disconnects the handler (releasing its closure); idempotent.
    public func cancel() {
        guard handlerID != 0 else { return }
        let id = handlerID
        handlerID = 0
        if !box.isInvalidated {
            g_signal_handler_disconnect(instance, id)
        }
    }

    isolated deinit { cancel() }
}

/// The Swift side of a connected closure; reached from C through the closure's data.
final class SignalHandlerBox: @unchecked Sendable {
    // Touched only on the main thread (handlers, notifiers and the token all run there).
    var handler: (@MainActor (SignalArguments) -> Void)?
    var isInvalidated = false

    init(handler: @escaping @MainActor (SignalArguments) -> Void) { self.handler = handler }
}

private let signalHandlerMarshal: GClosureMarshal = { closure, returnValue, count, values, _, _ in
    guard let closure, let data = gshim_closure_get_data(closure), let values else { return }
    let box = Unmanaged<SignalHandlerBox>.fromOpaque(data).takeUnretainedValue()
    // Signals of GTK and WebKit objects are emitted on the main thread; assumeIsolated checks.
    nonisolated(unsafe) let arguments = SignalArguments(
        values: values, count: Int(count), returnValue: returnValue)
    MainActor.assumeIsolated {
        // Keep the box alive even if the handler disconnects itself.
        withExtendedLifetime(box) { box.handler?(arguments) }
    }
}

private let signalHandlerInvalidated: GClosureNotify = { data, _ in
    guard let data else { return }
    let box = Unmanaged<SignalHandlerBox>.fromOpaque(data).takeUnretainedValue()
    box.isInvalidated = true
    box.handler = nil  // drop what the handler captured now, even while a token lives
}

private let signalHandlerFinalized: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<SignalHandlerBox>.fromOpaque(data).release()
}
