/// One download under way as the window's downloads list shows it.
public struct DownloadItem: Equatable, Sendable {
    /// Identifies the download; sent back to cancel it (opaque to the UI).
    public var id: Int
    /// The file's name (empty until it is decided).
    public var fileName: String
    /// How far it got (0...1), nil when the size is unknown.
    public var progress: Double?
    /// The bytes received so far.
    public var receivedBytes: Int64
    /// The size of the whole file, when known.
    public var expectedBytes: Int64?

    public init(
        id: Int, fileName: String, progress: Double? = nil, receivedBytes: Int64 = 0,
        expectedBytes: Int64? = nil
    ) {
        self.id = id
        self.fileName = fileName
        self.progress = progress
        self.receivedBytes = receivedBytes
        self.expectedBytes = expectedBytes
    }
}
