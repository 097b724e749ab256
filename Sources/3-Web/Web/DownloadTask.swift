public import Foundation

/// One download of a ``WebEngineContext`` (Chromium's `web::DownloadTask`): what it saves,
/// where, how far it got, and a way to stop it. ``DownloadObserver``s hear of its changes.
@MainActor
public protocol DownloadTask: AnyObject {
    /// Identifies the task among its context's downloads, for as long as the context lives.
    var identifier: Int { get }
    /// The address the file comes from (what Retry downloads again), when known.
    var url: URL? { get }
    /// Where the file is being saved, once decided.
    var destination: URL? { get }
    /// The bytes received so far.
    var receivedBytes: Int64 { get }
    /// The size of the whole file, when the server said it.
    var expectedBytes: Int64? { get }
    /// How far it got (0...1), when the size is known.
    var progress: Double? { get }
    /// Where the download is.
    var state: DownloadState { get }
    /// Stops the download and deletes what it saved so far; its observers then hear that it
    /// ended, cancelled. Does nothing once it has ended.
    func cancel()
    /// Stops the download and keeps what it saved so far, as a partial file beside its
    /// destination that a later download can be resumed from (Chromium's
    /// `DownloadItemImpl::Cancel(false)` at shutdown, components/download/internal/common/
    /// download_item_impl.cc: the download is interrupted, not cancelled, and its
    /// intermediate file stays); its observers then hear that it ended, interrupted. Does
    /// nothing once it has ended.
    func interrupt()
}
