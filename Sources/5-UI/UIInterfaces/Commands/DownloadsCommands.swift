/// What the user does with the downloads under way.
@MainActor
public protocol DownloadsCommands: AnyObject {
    /// Cancels the download `id` (a ``DownloadItem``'s): it stops and what it saved is deleted.
    func cancelDownload(_ id: Int)
}
