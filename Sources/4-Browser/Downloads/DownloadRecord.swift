public import Foundation

/// One download as the downloads list keeps it, after Chromium's `history::DownloadRow`
/// (components/history/core/browser/download_row.h): what was downloaded, from where, to
/// where, how far it got and how it ended. It outlives the engine's ``Web/DownloadTask``.
public struct DownloadRecord: Equatable, Sendable, Identifiable, Codable {
    /// How a download stands (Chromium's `history::DownloadState`).
    public enum State: String, Codable, Sendable {
        /// Receiving data (in this run; a record found so at launch was interrupted).
        case inProgress = "in_progress"
        /// Saved at ``DownloadRecord/destinationPath``.
        case complete
        /// Cancelled by the user; nothing kept.
        case cancelled
        /// Failed; nothing kept.
        case failed
        /// Stopped by quitting or a crash; what was received is in
        /// ``DownloadRecord/partialFilePath`` when it could be kept.
        case interrupted

        /// Whether Retry makes sense: the download did not complete and is not under way.
        public var canRetry: Bool { self == .cancelled || self == .failed || self == .interrupted }
    }

    /// Identifies the record in its store (increasing: a larger one was added later).
    public var id: Int64
    /// The file's name as saved (empty until decided).
    public var fileName: String
    /// Where the file is (or was to be) saved; empty until decided.
    public var destinationPath: String
    /// The address downloaded.
    public var url: String
    /// The size of the whole file, when the server said it.
    public var totalBytes: Int64?
    /// The bytes received.
    public var receivedBytes: Int64
    /// When it started.
    public var startTime: Date
    /// When it ended (nil while under way).
    public var endTime: Date?
    /// How it stands.
    public var state: State
    /// Where an interrupted download's bytes were kept.
    public var partialFilePath: String?
    /// Why it failed, for a failed one.
    public var failureMessage: String?

    public init(
        id: Int64, fileName: String, destinationPath: String, url: String, totalBytes: Int64? = nil,
        receivedBytes: Int64 = 0, startTime: Date, endTime: Date? = nil, state: State = .inProgress,
        partialFilePath: String? = nil, failureMessage: String? = nil
    ) {
        self.id = id
        self.fileName = fileName
        self.destinationPath = destinationPath
        self.url = url
        self.totalBytes = totalBytes
        self.receivedBytes = receivedBytes
        self.startTime = startTime
        self.endTime = endTime
        self.state = state
        self.partialFilePath = partialFilePath
        self.failureMessage = failureMessage
    }

    /// The columns of the `downloads` table (``DownloadStore``).
    enum CodingKeys: String, CodingKey {
        case id
        case fileName = "file_name"
        case destinationPath = "destination_path"
        case url
        case totalBytes = "total_bytes"
        case receivedBytes = "received_bytes"
        case startTime = "start_time"
        case endTime = "end_time"
        case state
        case partialFilePath = "partial_file_path"
        case failureMessage = "failure_message"
    }
}
