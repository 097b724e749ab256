import WebContentConformance
import XCTest

/// The conformance scenarios on WebKit (WebTests runs them on the fake engine).
final class WebContentConformanceTests: WebKitTestCase, @unchecked Sendable {
    func testWebKitReportsWhatTheFakeEngineReports() {
        onMainActor {
            for scenario in WebContentScenario.all {
                let driver = WebKitConformanceDriver(
                    context: makePersistentContext(scenario.name), server: server, timeout: Self.timeout)
                XCTAssertEqual(scenario.run(on: driver), scenario.expected, scenario.name)
            }
        }
    }
}
