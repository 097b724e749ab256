/// A scenario of the conformance suite: steps on a WebState over an engine, and the events
/// its observers get, the same for every engine behind the ``WebContent`` seam (the fake
/// engine of the tests, WebKit). Each engine's tests run ``all`` through a driver of theirs
/// (``WebContentConformanceDriver``) and compare ``run(on:)`` with ``expected``.
public struct WebContentScenario: Sendable, CustomStringConvertible {
    /// What the scenario does.
    public let name: String
    /// The events recorded from ``WebContentConformanceSession/startRecording()`` on
    /// (``WebStateEventRecorder``'s strings, with page names for URLs), then the WebState's
    /// state at the end (``WebContentConformanceSession``'s `state`).
    public let expected: [String]
    private let steps: @MainActor @Sendable (WebContentConformanceSession) -> Void

    init(
        _ name: String, expected: [String],
        _ steps: @escaping @MainActor @Sendable (WebContentConformanceSession) -> Void
    ) {
        self.name = name
        self.expected = expected
        self.steps = steps
    }

    /// The name, as test reports show the scenario.
    public var description: String { name }

    /// Runs the scenario on `driver`'s engine and returns what it recorded, in the form of
    /// ``expected`` (and the steps that timed out, if any).
    @MainActor
    public func run(on driver: any WebContentConformanceDriver) -> [String] {
        let session = WebContentConformanceSession(driver: driver)
        steps(session)
        driver.settle()
        let result = session.events + [session.state] + session.timeouts
        if !session.isClosed { session.webState.close() }
        return result
    }
}
