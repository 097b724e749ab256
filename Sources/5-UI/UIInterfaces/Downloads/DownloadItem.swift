/// One download as the window's downloads list shows it.
public struct DownloadItem: Equatable, Sendable {
    /// How the download stands, for the buttons its row offers.
    public enum State: Equatable, Sendable {
        /// Under way: Cancel.
        case inProgress
        /// Saved: Open, Show in Folder.
        case complete
        /// Cancelled, failed or interrupted: Retry (an interrupted one's partial file can be
        /// shown in its folder).
        case cancelled, failed, interrupted
    }

    /// Identifies the download in commands (opaque to the UI).
    public var id: Int
    /// The file's name (empty until decided).
    public var fileName: String
    public var state: State
    /// How far it got (0...1), while under way with a known size.
    public var progress: Double?
    /// The line under the name: sizes, speed and time left while under way, else the size or
    /// how it ended.
    public var status: String

    public init(id: Int, fileName: String, state: State, progress: Double? = nil, status: String = "") {
        self.id = id
        self.fileName = fileName
        self.state = state
        self.progress = progress
        self.status = status
    }
}
