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

    /// Whether the download is over.
    public var isEnded: Bool { self != .inProgress }
}
