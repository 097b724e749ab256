import Commands
import Foundation
import GLibSupport
import GTKTestSupport
import XCTest

/// Shared set-up of the view controller tests: a fresh dispatcher per test (GTK and
/// libadwaita are ``GTKTestCase``'s).
class ViewControllerTestCase: GTKTestCase, @unchecked Sendable {
    /// How long any wait may take before the test fails instead of hanging.
    static let timeout: Duration = .seconds(5)

    nonisolated(unsafe) var dispatcher: CommandDispatcher!

    override func setUpWithError() throws {
        try super.setUpWithError()
        onMainActor { dispatcher = CommandDispatcher() }
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
