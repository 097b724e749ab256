/// What went wrong with a downloads database (``DownloadStore/problem``): the list still
/// works, from a fresh file or from memory.
public enum DownloadStoreProblem: Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read as a downloads database; it was moved to `setAsidePath` and a
    /// new one started.
    case damaged(setAsidePath: String, reason: String)
    /// No database could be opened on disk (not even a new one); the list is kept in memory
    /// for this run only.
    case unavailable(reason: String)
    /// A write failed; the list in memory is ahead of the file.
    case writeFailed(reason: String)

    public var description: String {
        switch self {
        case .damaged(let path, let reason):
            "The downloads database was damaged (\(reason)); it was moved to \(path)"
        case .unavailable(let reason):
            "The downloads database could not be opened (\(reason)); downloads are kept for this run only"
        case .writeFailed(let reason): "The downloads database could not be written (\(reason))"
        }
    }
}
