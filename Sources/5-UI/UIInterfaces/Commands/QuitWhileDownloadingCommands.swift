/// The user's answer to "Quit while downloading?" (``QuitWhileDownloadingConsumer``).
@MainActor
public protocol QuitWhileDownloadingCommands: AnyObject {
    /// Quits now: the downloads stop, and what each received is kept as a partial file.
    func quitAnyway()
    /// Quits by itself once every download has ended; the windows stay until then.
    func quitWhenDownloadsFinish()
    /// Does not quit; the downloads go on.
    func cancelQuit()
}
