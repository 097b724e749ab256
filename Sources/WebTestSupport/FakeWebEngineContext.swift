public import Base
public import Foundation
public import Web

/// A profile's state in the ``FakeWebEngine``.
@MainActor
public final class FakeWebEngineContext: WebEngineContext {
    /// The engine that made this context.
    public unowned let engine: FakeWebEngine
    /// How this context keeps its data (the fake keeps nothing anywhere).
    public let storage: WebEngineStorage
    /// The number of contents made from this context.
    public private(set) var contentsCreated = 0
    /// The download observers.
    public let downloadObservers = ObserverList<any DownloadObserver>()

    init(engine: FakeWebEngine, storage: WebEngineStorage) {
        self.engine = engine
        self.storage = storage
    }

    /// Makes a fake content.
    public func makeWebContent() -> any WebContent { makeFakeWebContent() }

    /// Makes a fake content, typed as such.
    public func makeFakeWebContent() -> FakeWebContent {
        contentsCreated += 1
        engine.contentCreated()
        return FakeWebContent(engine: engine)
    }

    /// Adds a download observer.
    public func addDownloadObserver(_ observer: any DownloadObserver) { downloadObservers.add(observer) }

    /// Removes a download observer.
    public func removeDownloadObserver(_ observer: any DownloadObserver) {
        downloadObservers.remove(observer)
    }

    /// Simulates a download that finished, saved at `file`.
    public func simulateDownloadFinished(_ file: URL) {
        downloadObservers.forEach { $0.downloadFinished(file) }
    }
}
