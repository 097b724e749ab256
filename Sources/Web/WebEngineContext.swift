/// A profile's engine state (WebKit's network session): every ``WebContent`` made from it
/// shares its cookies, storage and cache.
@MainActor
public protocol WebEngineContext: AnyObject {
    /// How this context keeps its data.
    var storage: WebEngineStorage { get }
    /// Makes a new web content (a web view) bound to this context.
    func makeWebContent() -> any WebContent
    /// Starts telling `observer` (held weakly) about this context's downloads.
    func addDownloadObserver(_ observer: any DownloadObserver)
    /// Stops telling `observer` about downloads.
    func removeDownloadObserver(_ observer: any DownloadObserver)
}
