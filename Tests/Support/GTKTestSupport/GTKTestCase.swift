import CAdwaita
import Foundation
import GTKSupport
public import TestSupport
import XCTest

/// The base of the XCTest cases that need GTK: skipped without a display (scripts/run-tests
/// runs them under xvfb-run), GTK and libadwaita initialized before the first test (once per
/// process, as the application does).
open class GTKTestCase: MainActorTestCase, @unchecked Sendable {
    open override func setUpWithError() throws {
        try super.setUpWithError()
        let environment = ProcessInfo.processInfo.environment
        if environment["DISPLAY"] == nil && environment["WAYLAND_DISPLAY"] == nil {
            throw XCTSkip("\(type(of: self)) needs a display: run it under xvfb-run (scripts/run-tests does)")
        }
        try onMainActor {
            guard GTKRuntime.initialize() else { throw XCTSkip("GTK cannot be initialized here") }
            adw_init()
        }
    }
}
