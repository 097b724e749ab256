/// What went wrong with a profile's bookmarks file (``BookmarkModel/problem``), for the
/// window's info bar and the log.
public enum BookmarkProblem: Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read as a bookmarks database; it was moved to `setAsidePath`
    /// (never overwritten) and the bookmarks started again from the backup written at the
    /// last launch (`restoredFromBackup`), or empty when there was none to read.
    case damaged(setAsidePath: String, reason: String, restoredFromBackup: Bool)
    /// No database could be opened on disk, not even a new one; bookmarks are kept in memory
    /// for this run only.
    case unavailable(reason: String)
    /// A newer version of Swiftlet wrote the file: it is left as it is, and its bookmarks
    /// (those this version can read) are kept in memory for this run only.
    case newerVersion
    /// A change could not be written (a full disk); the model still holds it, and it is
    /// written with the next change.
    case writeFailed(reason: String)
    /// The backup could not be written at launch; the previous one, if any, is kept.
    case backupFailed(reason: String)

    public var description: String {
        switch self {
        case .damaged(let path, let reason, let restored):
            "The bookmarks file was damaged (\(reason)); it was moved to \(path) and "
                + (restored ? "the bookmarks of the last launch restored" : "new bookmarks started")
        case .unavailable(let reason):
            "The bookmarks file could not be opened (\(reason)); bookmarks are kept for this run only"
        case .newerVersion:
            "The bookmarks file was written by a newer version of Swiftlet; it is left as it is, "
                + "and changes are kept for this run only"
        case .writeFailed(let reason):
            "The bookmarks file could not be written (\(reason)); it will be tried again"
        case .backupFailed(let reason):
            "The bookmarks backup could not be written (\(reason))"
        }
    }
}
