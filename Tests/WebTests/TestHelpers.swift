import Foundation
import Testing
import Web
import WebTestSupport

/// `URL(string:)` for literals known to be valid.
func url(_ string: String) -> URL {
    guard let url = URL(string: string) else { preconditionFailure("bad test URL \(string)") }
    return url
}

/// A fixed point in time, so that metadata comparisons do not depend on the clock.
let referenceDate = Date(timeIntervalSince1970: 1_700_000_000)

/// Serves the saved state of an unrealized WebState and counts how often it is read.
@MainActor
final class LoaderSpy {
    var storage: WebStateStorage?
    var nativeSessionState: Data?
    private(set) var storageCalls = 0
    private(set) var nativeSessionStateCalls = 0

    init(storage: WebStateStorage? = nil, nativeSessionState: Data? = nil) {
        self.storage = storage
        self.nativeSessionState = nativeSessionState
    }

    var loaders: WebState.StorageLoaders {
        WebState.StorageLoaders(
            storage: { [self] in
                storageCalls += 1
                return storage
            },
            nativeSessionState: { [self] in
                nativeSessionStateCalls += 1
                return nativeSessionState
            })
    }

    var totalCalls: Int { storageCalls + nativeSessionStateCalls }
}

/// An engine, its default context, and helpers to make WebStates bound to it.
@MainActor
struct WebFixture {
    let engine = FakeWebEngine()

    var context: FakeWebEngineContext { engine.defaultContext }

    /// A fresh (realized) WebState.
    func makeWebState() -> WebState { WebState(params: .init(context: context)) }

    /// A realized WebState that loaded `urls` in order.
    func makeWebState(loading urls: [URL]) -> WebState {
        let webState = makeWebState()
        for url in urls { webState.load(url) }
        return webState
    }

    /// An unrealized WebState restored from `metadata`, reading its saved state from `spy`.
    func makeUnrealized(
        id: WebStateID = .newUnique(), metadata: WebStateMetadata = sampleMetadata, spy: LoaderSpy
    ) -> WebState {
        WebState(context: context, id: id, metadata: metadata, loaders: spy.loaders)
    }
}

/// Metadata of a tab that showed `https://b.example/two` among three entries.
let sampleMetadata = WebStateMetadata(
    creationTime: referenceDate, lastActiveTime: referenceDate.addingTimeInterval(60), title: "Saved two",
    url: url("https://b.example/two"), navigationItemCount: 3)

/// Three entries, the middle one committed (matches ``sampleMetadata``).
let sampleHistory = NavigationHistory(
    items: [
        NavigationItem(url: url("https://a.example/one"), title: "One", timestamp: referenceDate),
        NavigationItem(url: url("https://b.example/two"), title: "Saved two", timestamp: referenceDate),
        NavigationItem(url: url("https://c.example/three"), title: "Three", timestamp: referenceDate),
    ],
    lastCommittedItemIndex: 1)

/// The full storage matching ``sampleMetadata`` and ``sampleHistory``.
let sampleStorage = WebStateStorage(metadata: sampleMetadata, navigation: sampleHistory)

/// The fake content behind a realized WebState.
@MainActor
func fakeContent(of webState: WebState) throws -> FakeWebContent {
    try #require(webState.isRealized, "only a realized WebState has a content")
    return try #require(webState.view.owner as? FakeWebContent)
}

/// The URLs of `history`'s entries.
func urls(of history: NavigationHistory) -> [URL] { history.items.map(\.url) }
