public import Foundation

/// Where a ``DownloadTask`` is.
public enum DownloadState: Sendable, Equatable {
    /// Receiving data.
    case inProgress
    /// Saved at the task's ``DownloadTask/destination``.
    case finished
    /// Failed; what was received is not kept.
    case failed(message: String)
    /// Cancelled (``DownloadTask/cancel()``); what was received is not kept.
    case cancelled
    /// Stopped by quitting (``DownloadTask/interrupt()``); what was received is kept in
    /// `partialFile` (nil: there was nothing to keep, or it could not be kept).
    case interrupted(partialFile: URL?)

    /// Whether the download is over.
    public var isEnded: Bool { self != .inProgress }
}
