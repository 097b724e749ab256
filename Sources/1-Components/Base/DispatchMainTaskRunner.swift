import Dispatch

/// The real runner: tasks run from the main dispatch queue (which the application's GLib
/// main loop drains), in posting order.
public struct DispatchMainTaskRunner: MainTaskRunner {
    public init() {}

    /// Posts `body` to the main dispatch queue.
    public func postTask(_ body: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }
}
