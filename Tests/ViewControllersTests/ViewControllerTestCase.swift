import CAdwaita
import CGTK
import Commands
import Foundation
import GLibSupport
import GTKSupport
import XCTest

/// Runs `body` on the main actor. XCTest calls test methods on the main thread, but its
/// test discovery on Linux cannot call `@MainActor` methods, so tests are plain methods
/// whose bodies assert the isolation they already have.
func onMainActor<T>(_ body: @MainActor () throws -> T) rethrows -> T where T: Sendable {
    try MainActor.assumeIsolated(body)
}

/// Shared set-up of the view controller tests: GTK and libadwaita initialized once (they need
/// a display: scripts/run-tests runs these under xvfb-run), a fresh dispatcher per test.
// Test methods run on the main thread only; XCTest on Linux does not let them be @MainActor.
class ViewControllerTestCase: XCTestCase, @unchecked Sendable {
    /// How long any wait may take before the test fails instead of hanging.
    static let timeout: Duration = .seconds(5)

    nonisolated(unsafe) var dispatcher: CommandDispatcher!

    override func setUpWithError() throws {
        try super.setUpWithError()
        let env = ProcessInfo.processInfo.environment
        if env["DISPLAY"] == nil && env["WAYLAND_DISPLAY"] == nil {
            throw XCTSkip(
                "view controller tests need a display: run them under xvfb-run (scripts/run-tests does)")
        }
        try onMainActor {
            guard GTKRuntime.initialize() else { throw XCTSkip("GTK cannot be initialized here") }
            adw_init()
            dispatcher = CommandDispatcher()
        }
    }

    override func tearDown() {
        onMainActor {
            dispatcher = nil
            // Let GTK finish what the test started (idle callbacks, finalizations).
            GLibMainLoop.dispatchPending()
        }
        super.tearDown()
    }

    /// Runs the main context until `condition` holds; fails the test if it does not in time.
    @MainActor
    func pump(
        _ message: String = "condition", file: StaticString = #filePath, line: UInt = #line,
        until condition: () -> Bool
    ) {
        if !GLibMainLoop.pump(timeout: Self.timeout, until: condition) {
            XCTFail("timed out waiting for \(message)", file: file, line: line)
        }
    }

    /// Runs what the main context has ready now (idle callbacks included).
    @MainActor
    func settle() {
        GLibMainLoop.dispatchPending()
    }
}
