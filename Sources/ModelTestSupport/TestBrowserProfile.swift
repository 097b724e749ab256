public import Model
public import Web
public import WebTestSupport

/// A ``BrowserProfile`` for tests: a fake engine context, regular or off the record.
@MainActor
public final class TestBrowserProfile: BrowserProfile {
    /// Whether off the record.
    public let isOffTheRecord: Bool
    /// The fake engine's context.
    public let webEngineContext: any WebEngineContext

    /// Creates a profile backed by `engine`.
    public init(engine: FakeWebEngine, isOffTheRecord: Bool = false) {
        self.isOffTheRecord = isOffTheRecord
        webEngineContext = engine.makeContext(storage: .ephemeral)
    }
}
