/// Told about the downloads of a ``WebEngineContext`` (a response the engine cannot show, or a
/// link the page marked as a download): when each starts, as it goes on, and when it ends.
@MainActor
public protocol DownloadObserver: AnyObject {
    /// A download started (its ``DownloadTask/destination`` may not be decided yet).
    func downloadStarted(_ task: any DownloadTask)
    /// A download's progress or destination changed.
    func downloadUpdated(_ task: any DownloadTask)
    /// A download ended: its ``DownloadTask/state`` says how (saved, failed, cancelled or
    /// interrupted).
    func downloadEnded(_ task: any DownloadTask)
}
