/// Asks the user whether to quit while downloads are under way (Chromium's
/// `DownloadInProgressDialogView`, shown by `Browser::OkToCloseWithInProgressDownloads`): the
/// answer comes back as ``QuitWhileDownloadingCommands``.
@MainActor
public protocol QuitWhileDownloadingConsumer: AnyObject {
    /// Asks about quitting while `count` downloads (at least one) are not finished.
    func askToQuitWhileDownloading(count: Int)
}
