/// What the downloads mediator pushes to a window: a download that ended.
@MainActor
public protocol DownloadsConsumer: AnyObject {
    /// A download was saved as `fileName` (in the download directory).
    func showDownloadFinished(fileName: String)
    /// A download of `fileName` (nil if it never got a name) failed.
    func showDownloadFailed(fileName: String?)
}
