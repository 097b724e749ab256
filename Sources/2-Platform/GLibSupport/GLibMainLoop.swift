import CGLib
import GLibShims

/// The main thread's GLib main context, and its bridge to the Dispatch main queue.
///
/// In this program GLib's main loop owns the main thread. Swift's main actor on Linux runs
/// its jobs on the Dispatch main queue, which nothing drains while GLib blocks the thread,
/// so ``installDispatchQueueBridge()`` adds a GLib source that drains it whenever it has
/// work: then `Task { @MainActor in ... }`, `DispatchQueue.main.async` and `Task.sleep`
/// resume while GLib runs the loop. Never call `dispatchMain()` or use an `async` main
/// entry point together with GTK: they move the main actor off the main thread.
public enum GLibMainLoop {
    @MainActor private static var bridgeSource: UnsafeMutablePointer<GSource>?

    /// Whether the calling thread is the process's main thread.
    public static var isMainThread: Bool { gshim_is_main_thread() != 0 }

    /// Attaches the Dispatch main queue source to the default main context; idempotent.
    /// Work queued before the call runs on the next iteration.
    @MainActor
    public static func installDispatchQueueBridge() {
        guard bridgeSource == nil else { return }
        precondition(isMainThread, "GLibMainLoop: the bridge belongs on the main thread")
        let source = gshim_dispatch_source_new()!
        g_source_attach(source, g_main_context_default())
        bridgeSource = source
        // Anything queued before the source existed may have signalled the eventfd already;
        // drain once from an idle callback so it does not wait for the next wake-up.
        g_idle_add_full(
            G_PRIORITY_DEFAULT,
            { _ in
                gshim_dispatch_drain_main_queue()
                return 0
            }, nil, nil)
    }

    /// Whether ``installDispatchQueueBridge()`` has run.
    @MainActor
    public static var isDispatchQueueBridgeInstalled: Bool { bridgeSource != nil }

    /// How many times the bridge drained the Dispatch main queue (diagnostics).
    public static var dispatchQueueDrainCount: UInt { UInt(gshim_dispatch_drain_count()) }

    /// Runs the default main context (installing the bridge first) until `condition`
    /// holds or `timeout` passes; returns whether the condition held. The condition is
    /// checked before each iteration, and each iteration blocks until a source is ready,
    /// so it suits conditions changed by events the loop dispatches (signals, main-actor
    /// work, timers). Must not be called from inside a main-actor job that the bridge is
    /// draining (the queue is not re-entrant); synchronous test methods and the app's
    /// start-up are fine.
    @MainActor
    @discardableResult
    public static func pump(timeout: Duration, until condition: () -> Bool) -> Bool {
        installDispatchQueueBridge()
        if condition() { return true }
        let components = timeout.components
        let milliseconds = max(0, components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000)
        let expired = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        expired.initialize(to: false)
        defer { expired.deallocate() }
        let timer = g_timeout_source_new(guint(clamping: milliseconds))!
        g_source_set_callback(
            timer,
            { data in
                data?.assumingMemoryBound(to: Bool.self).pointee = true
                return 0  // G_SOURCE_REMOVE
            }, expired, nil)
        g_source_attach(timer, g_main_context_default())
        defer {
            g_source_destroy(timer)
            g_source_unref(timer)
        }
        while !condition() {
            if expired.pointee { return condition() }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// Runs `handler` once, on the main thread, when the default main context has nothing
    /// more urgent to do (an idle source at `G_PRIORITY_DEFAULT_IDLE`: after every ready
    /// event source, such as WebKit's pending messages, and after GTK's redraws). Returns the
    /// source id for ``removeSource(_:)``.
    ///
    /// `beforeRedraw` raises it to `G_PRIORITY_HIGH_IDLE`: still after every ready event
    /// source of default priority, but ahead of GTK's layout and drawing. Work that must not
    /// wait for the window to stop animating needs it: while a spinner or a progress bar
    /// animates, a window drawn in software may redraw without pause, and a
    /// default-priority idle then never runs.
    @MainActor
    @discardableResult
    public static func addIdle(
        beforeRedraw: Bool = false, _ handler: @escaping @MainActor () -> Void
    ) -> UInt32 {
        g_idle_add_full(
            beforeRedraw ? G_PRIORITY_HIGH_IDLE : G_PRIORITY_DEFAULT_IDLE, SourceHandlerBox.runOnce,
            SourceHandlerBox.retained(handler), SourceHandlerBox.release)
    }

    /// Runs `handler` once on the main loop, `milliseconds` from now (GLib's
    /// `g_timeout_add`). Returns the source id (remove it with ``removeSource(_:)`` to cancel).
    @MainActor
    @discardableResult
    public static func addTimeout(
        milliseconds: UInt32, _ handler: @escaping @MainActor () -> Void
    ) -> UInt32 {
        g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds, SourceHandlerBox.runOnce, SourceHandlerBox.retained(handler),
            SourceHandlerBox.release)
    }

    /// Runs `handler` on the main loop each time the process receives the Unix signal
    /// `signal` (SIGTERM, SIGINT, SIGHUP…; GLib's `g_unix_signal_add`, so the handler runs as
    /// an ordinary main-loop callback, not in a signal handler). Returns the source id
    /// (remove it with ``removeSource(_:)``).
    @MainActor
    public static func addUnixSignalHandler(
        _ signal: Int32, _ handler: @escaping @MainActor () -> Void
    ) -> UInt32 {
        g_unix_signal_add_full(
            G_PRIORITY_DEFAULT, signal, SourceHandlerBox.runEveryTime, SourceHandlerBox.retained(handler),
            SourceHandlerBox.release)
    }

    /// Removes a source that has not run yet (e.g. from ``addIdle(_:)``).
    @MainActor
    public static func removeSource(_ id: UInt32) {
        if let source = g_main_context_find_source_by_id(nil, id) { g_source_destroy(source) }
    }

    /// Dispatches whatever is ready in the default main context without blocking.
    @MainActor
    public static func dispatchPending() {
        installDispatchQueueBridge()
        while g_main_context_iteration(nil, 0) != 0 {}
    }
}

/// The handler of a GLib source (idle, timeout, Unix signal), retained as the source's data
/// and released by GLib when the source goes; the C callbacks every source kind shares.
private final class SourceHandlerBox: @unchecked Sendable {
    // Touched only on the main thread.
    private var handler: (@MainActor () -> Void)?

    private init(_ handler: @escaping @MainActor () -> Void) { self.handler = handler }

    /// A retained box for `handler`, to hand GLib as a source's data.
    static func retained(_ handler: @escaping @MainActor () -> Void) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(SourceHandlerBox(handler)).toOpaque()
    }

    /// Runs the handler once and removes the source (`G_SOURCE_REMOVE`).
    static let runOnce: GSourceFunc = { data in
        guard let data else { return 0 }
        nonisolated(unsafe) let box = data
        MainActor.assumeIsolated {
            let box = Unmanaged<SourceHandlerBox>.fromOpaque(box).takeUnretainedValue()
            let handler = box.handler
            box.handler = nil
            handler?()
        }
        return 0
    }

    /// Runs the handler and keeps the source (`G_SOURCE_CONTINUE`).
    static let runEveryTime: GSourceFunc = { data in
        guard let data else { return 0 }
        nonisolated(unsafe) let box = data
        MainActor.assumeIsolated {
            Unmanaged<SourceHandlerBox>.fromOpaque(box).takeUnretainedValue().handler?()
        }
        return 1
    }

    /// Releases the box when GLib destroys the source.
    static let release: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<SourceHandlerBox>.fromOpaque(data).release()
    }
}
