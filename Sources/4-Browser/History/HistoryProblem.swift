/// What went wrong with a profile's `History` file (``HistoryService/problem``), for the
/// window's info bar and the log.
public enum HistoryProblem: Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read as a history database; it was moved to `setAsidePath`
    /// (never overwritten) and a new one started.
    case damaged(setAsidePath: String, reason: String)
    /// The file was written by a newer Swiftlet (its schema `version` needs at least
    /// `compatibleVersion`, newer than `supportedVersion`): it is left alone and history is
    /// off for this run.
    case newerVersion(version: Int, compatibleVersion: Int, supportedVersion: Int)
    /// No database could be opened on disk, not even a new one; history is kept in memory
    /// for this run only.
    case unavailable(reason: String)
    /// A batch could not be committed (a full disk); it is kept and tried again at the next
    /// commit.
    case writeFailed(reason: String)

    /// Whether history records nothing this run.
    public var turnsHistoryOff: Bool {
        if case .newerVersion = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .damaged(let path, let reason):
            "The history file was damaged (\(reason)); it was moved to \(path) and a new history started"
        case .newerVersion(let version, _, let supported):
            "The history file was written by a newer Swiftlet (schema version \(version); this one reads "
                + "up to \(supported)); history is off until that version runs again"
        case .unavailable(let reason):
            "The history file could not be opened (\(reason)); history is kept for this run only"
        case .writeFailed(let reason):
            "The history file could not be written (\(reason)); it will be tried again"
        }
    }
}
