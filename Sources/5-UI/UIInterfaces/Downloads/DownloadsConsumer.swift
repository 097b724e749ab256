/// What the downloads mediator pushes to a window: the profile's downloads list, how far
/// the downloads under way got, and each one that ended.
@MainActor
public protocol DownloadsConsumer: AnyObject {
    /// The downloads list, newest first (empty: there is nothing to show, and no button).
    func setDownloads(_ items: [DownloadItem])
    /// How far the downloads under way got together: nil when none is under way, a fraction
    /// (0...1) otherwise (0 while no size is known).
    func setOverallProgress(_ progress: Double?)
    /// The download `id` was saved as `fileName`: a toast offers to open it.
    func showDownloadFinished(id: Int, fileName: String)
    /// A download of `fileName` (nil if it never got a name) failed.
    func showDownloadFailed(fileName: String?)
    /// A saved download could not be opened or shown in its folder, for the reason `message`
    /// gives.
    func showLaunchFailed(_ message: String)
}
