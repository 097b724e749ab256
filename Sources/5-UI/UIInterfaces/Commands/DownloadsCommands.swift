/// What the user does with the downloads list (ids are ``DownloadItem/id``s).
@MainActor
public protocol DownloadsCommands: AnyObject {
    /// Cancels the download `id`: it stops and what it saved is deleted.
    func cancelDownload(_ id: Int)
    /// Opens the saved file with its default application.
    func openDownload(_ id: Int)
    /// Shows the file (a saved one, or an interrupted one's partial file) in the file manager.
    func showDownloadInFolder(_ id: Int)
    /// Downloads the address of a cancelled, failed or interrupted download again.
    func retryDownload(_ id: Int)
    /// Takes the download off the list (the file stays; one under way is cancelled).
    func removeDownload(_ id: Int)
    /// Takes every download that is not under way off the list.
    func clearDownloads()
}
