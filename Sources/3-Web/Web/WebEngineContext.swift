public import Foundation

/// A profile's engine state (WebKit's network session): every ``WebContent`` made from it
/// shares its cookies, storage and cache.
@MainActor
public protocol WebEngineContext: AnyObject {
    /// How this context keeps its data.
    var storage: WebEngineStorage { get }
    /// Makes a new web content (a web view) bound to this context. `url` is the page it
    /// will show first, when the caller knows it (the content loads nothing by itself): an
    /// engine that keeps the pages of one site in one process (the WebKit engine does) puts
    /// the new content with that site's pages.
    func makeWebContent(for url: URL?) -> any WebContent
    /// Starts telling `observer` (held weakly) about this context's downloads.
    func addDownloadObserver(_ observer: any DownloadObserver)
    /// Stops telling `observer` about downloads.
    func removeDownloadObserver(_ observer: any DownloadObserver)
    /// The downloads under way, oldest first (a window opened while they run lists them). A
    /// download is in it when observers hear that it started, and gone when they hear that it
    /// ended.
    var downloadTasks: [any DownloadTask] { get }
    /// Downloads `url` in this context, with no page to download from (a download the user
    /// retries): its observers hear of it as of any other, saved where any other is.
    func download(_ url: URL)
    /// Decides where downloads go (held weakly); without one they go to the engine's default
    /// folder.
    var downloadDestinationDelegate: (any DownloadDestinationDelegate)? { get set }
    /// Looks up the favicon the engine's favicon database keeps for the page at `pageURL`
    /// (pages loaded in this context, in this run or, for a persistent one, an earlier one),
    /// without a web content; `completion` gets it as PNG bytes, or nil when there is none.
    /// It runs once, on the main actor, later (never inside this call).
    func fetchFavicon(forPageURL pageURL: URL, completion: @escaping @MainActor (Data?) -> Void)
    /// The cookies and tracking rules of every content of this context, applied at once to
    /// the pages loaded next.
    var privacySettings: WebEnginePrivacySettings { get set }
    /// The zoom factor of pages whose tab has none of its own.
    var defaultPageZoom: DefaultPageZoom { get }
    /// Deletes the data of `types` that sites changed at `since` or later (nil: whenever) in
    /// this context; pages open keep running. `completion` runs once, on the main actor,
    /// later (never inside this call), when the engine has finished.
    func clearWebsiteData(
        _ types: WebsiteDataTypes, since: Date?, completion: @escaping @MainActor () -> Void)
}

extension WebEngineContext {
    /// Makes a new web content for a page not known yet (``makeWebContent(for:)`` with nil).
    public func makeWebContent() -> any WebContent { makeWebContent(for: nil) }
}
