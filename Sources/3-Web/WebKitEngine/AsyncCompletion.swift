import CWebKitGTK

/// Carries a Swift closure through a GIO asynchronous call (`GAsyncReadyCallback` plus
/// user data); the closure runs once, on the main actor, and is released after.
@MainActor
final class AsyncCompletion {
    typealias Handler =
        @MainActor (_ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?) -> Void

    private let handler: Handler

    private init(handler: @escaping Handler) { self.handler = handler }

    /// The user data to pass with ``callback``; retains `handler` until the callback runs.
    static func userData(_ handler: @escaping Handler) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(AsyncCompletion(handler: handler)).toOpaque()
    }

    /// The `GAsyncReadyCallback` that runs and releases the closure in its user data.
    static let callback: GAsyncReadyCallback = { source, result, data in
        guard let userData = data else { return }
        nonisolated(unsafe) let box = userData
        nonisolated(unsafe) let source = source
        nonisolated(unsafe) let result = result
        MainActor.assumeIsolated {
            let completion = Unmanaged<AsyncCompletion>.fromOpaque(box).takeRetainedValue()
            completion.handler(source, result)
        }
    }
}
