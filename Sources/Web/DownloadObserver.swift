public import Foundation

/// Told about the downloads of a ``WebEngineContext`` (a response the engine cannot show, or a
/// link the page marked as a download), once each one ends.
@MainActor
public protocol DownloadObserver: AnyObject {
    /// A download finished; `file` is where it was saved.
    func downloadFinished(_ file: URL)
    /// A download failed; `file` is where it was going (nil if it never got that far).
    func downloadFailed(_ file: URL?, message: String)
}
