/// Decides where a ``WebEngineContext``'s downloads go (the browser's download prefs: the
/// folder, and whether to ask each time), after Chromium's
/// `DownloadTargetDeterminer` (chrome/browser/download/download_target_determiner.cc). A
/// download whose destination was set in advance (Save Link As…) does not ask.
@MainActor
public protocol DownloadDestinationDelegate: AnyObject {
    /// Decides where the download of `suggestedFileName` goes; `completion` gets the
    /// destination, or nil to cancel the download. It may run later (after asking the user);
    /// nothing is written before.
    func decideDestination(
        suggestedFileName: String, completion: @escaping @MainActor (DownloadDestination?) -> Void)
}
