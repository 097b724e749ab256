import Testing
import WebContentConformance

/// The conformance scenarios on the fake engine (WebKitEngineTests runs them on WebKit).
@MainActor
struct WebContentConformanceTests {
    @Test(arguments: WebContentScenario.all)
    func theFakeEngineReportsWhatWebKitReports(_ scenario: WebContentScenario) {
        #expect(scenario.run(on: FakeEngineConformanceDriver()) == scenario.expected)
    }
}
