/// What the downloads mediator pushes to a window: the downloads under way (a list with
/// their progress), and each one that ended.
@MainActor
public protocol DownloadsConsumer: AnyObject {
    /// The downloads under way, oldest first (empty: none; the list is then hidden).
    func setDownloads(_ items: [DownloadItem])
    /// A download was saved as `fileName` (in the download directory).
    func showDownloadFinished(fileName: String)
    /// A download of `fileName` (nil if it never got a name) failed.
    func showDownloadFailed(fileName: String?)
}
