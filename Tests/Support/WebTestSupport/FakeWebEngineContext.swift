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
    public let downloadObservers = ObserverList<any DownloadObserver>()
    /// The settings last applied (the fake applies them nowhere).
    public var privacySettings = WebEnginePrivacySettings()
    public let defaultPageZoom = DefaultPageZoom()

    init(engine: FakeWebEngine, storage: WebEngineStorage) {
        self.engine = engine
        self.storage = storage
    }

    /// The `url` of every ``makeWebContent(for:)`` call, in order.
    public private(set) var contentURLs: [URL?] = []

    /// Makes a fake content, noting `url` in ``contentURLs``.
    public func makeWebContent(for url: URL?) -> any WebContent {
        contentURLs.append(url)
        return makeFakeWebContent()
    }

    /// Makes a fake content, typed as such.
    public func makeFakeWebContent() -> FakeWebContent {
        contentsCreated += 1
        engine.contentCreated()
        return FakeWebContent(engine: engine)
    }

    public func addDownloadObserver(_ observer: any DownloadObserver) { downloadObservers.add(observer) }

    public func removeDownloadObserver(_ observer: any DownloadObserver) {
        downloadObservers.remove(observer)
    }

    /// The page URLs whose favicon was asked for, in order.
    public private(set) var faviconRequests: [URL] = []
    private var pendingFaviconRequests: [(url: URL, completion: @MainActor (Data?) -> Void)] = []

    /// Records the request; ``answerFaviconRequests()`` answers it from the engine's
    /// ``FakeWebEngine/faviconDatabase``, as a real engine answers later.
    public func fetchFavicon(forPageURL pageURL: URL, completion: @escaping @MainActor (Data?) -> Void) {
        faviconRequests.append(pageURL)
        pendingFaviconRequests.append((pageURL, completion))
    }

    /// Whether favicon requests wait for ``answerFaviconRequests()``.
    public var hasPendingFaviconRequests: Bool { !pendingFaviconRequests.isEmpty }

    /// Answers the favicon requests made so far, oldest first.
    public func answerFaviconRequests() {
        let requests = pendingFaviconRequests
        pendingFaviconRequests.removeAll()
        for request in requests { request.completion(engine.faviconDatabase[request.url.absoluteString]) }
    }

    /// What ``clearWebsiteData(_:since:completion:)`` was asked, in order.
    public private(set) var websiteDataClears: [(types: WebsiteDataTypes, since: Date?)] = []

    /// Records the request and completes it from a main-actor task, as the engine answers later.
    public func clearWebsiteData(
        _ types: WebsiteDataTypes, since: Date?, completion: @escaping @MainActor () -> Void
    ) {
        websiteDataClears.append((types, since))
        Task { @MainActor in completion() }
    }

    private var activeDownloads: [FakeDownloadTask] = []
    private var nextDownloadIdentifier = 0

    /// The downloads under way, oldest first.
    public var downloadTasks: [any DownloadTask] { activeDownloads }

    /// Held, not asked: the fake decides its destinations at once.
    public weak var downloadDestinationDelegate: (any DownloadDestinationDelegate)?

    /// The URLs ``download(_:)`` was asked for, in order.
    public private(set) var requestedDownloads: [URL] = []

    /// Records the request and starts a download of the URL's last path component at once.
    public func download(_ url: URL) {
        requestedDownloads.append(url)
        let name = url.lastPathComponent.isEmpty ? "download" : url.lastPathComponent
        simulateDownloadStarted(fileName: name, url: url)
    }

    /// Simulates a download of `fileName` from `url` starting (saved under `/tmp/downloads`), of
    /// `expectedBytes` when the size is known; the test drives the returned task.
    @discardableResult
    public func simulateDownloadStarted(
        fileName: String, expectedBytes: Int64? = nil, url: URL? = nil
    ) -> FakeDownloadTask {
        nextDownloadIdentifier += 1
        let task = FakeDownloadTask(
            identifier: nextDownloadIdentifier, url: url ?? URL(string: "https://example.test/\(fileName)"),
            destination: URL(fileURLWithPath: "/tmp/downloads").appendingPathComponent(fileName),
            expectedBytes: expectedBytes, context: self)
        activeDownloads.append(task)
        downloadObservers.forEach { $0.downloadStarted(task) }
        return task
    }

    func downloadEnded(_ task: FakeDownloadTask) {
        activeDownloads.removeAll { $0 === task }
        downloadObservers.forEach { $0.downloadEnded(task) }
    }
}
