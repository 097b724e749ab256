public import XCTest

/// The base of the XCTest cases that drive GLib, GTK or WebKit, whose objects belong to the
/// main thread.
///
/// XCTest calls test methods on the main thread, but its test discovery on Linux cannot call
/// `@MainActor` methods: tests are plain methods whose bodies run in ``onMainActor(_:)``,
/// which asserts the isolation they already have. Test methods run on the main thread only,
/// hence `@unchecked Sendable`.
open class MainActorTestCase: XCTestCase, @unchecked Sendable {
    /// Runs `body` on the main actor, where the test method already is.
    public func onMainActor<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
        try MainActor.assumeIsolated(body)
    }
}
