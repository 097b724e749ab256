/// Constants of Swiftlet's on-disk session format: file names, suffixes, limits and the
/// format version. Paths are built from them by ``SessionLayout`` only:
///
///     <profile>/SessionStorage/<session id>/session_metadata.pb   the list (WebStateListStorage)
///     <profile>/SessionStorage/<session id>/<tab id %08x>/data.pb  a tab (WebStateStorage)
///     <profile>/SessionStorage/<session id>/<tab id %08x>/state.pb the engine's native blob
///
/// The off-the-record profile has the same layout under `<profile>/OTR/SessionStorage`.
public enum SessionFormat {
    /// The directory under a profile that holds the window sessions.
    public static let storageDirectoryName = "SessionStorage"
    /// The suffix of the directory crash recovery sets `SessionStorage` aside as.
    public static let crashBackupSuffix = ".crash-backup"
    /// A profile's recently closed file.
    public static let recentlyClosedFileName = "RecentlyClosed.pb"
    /// The suffix of a file or directory set aside because it could not be used.
    public static let setAsideSuffix = ".bad"
    /// A window session's list file.
    public static let metadataFileName = "session_metadata.pb"
    /// A tab's storage file.
    public static let dataFileName = "data.pb"
    /// A tab's native engine state file.
    public static let stateFileName = "state.pb"
    /// The suffix of tab directories that a list written by Chromium does not name: kept
    /// aside, never restored, never deleted.
    public static let unlistedSuffix = ".unlisted"
    /// Native state larger than this is not written (and an older one is deleted).
    public static let maximumStateSize = 5 * 1024 * 1024
    /// The largest session file read (a list, a tab's `data.pb`, the recently closed file):
    /// generous, as a tab with a long history of large form data can reach a few hundred
    /// megabytes; what is larger is refused as damaged rather than read into memory.
    public static let maximumFileSize = 1 << 30
    /// The format version this code writes. Files from a newer version are read (proto3
    /// keeps unknown fields) after their metadata is set aside as a backup. A list without a
    /// version was written by Chromium (the field is ours).
    ///
    /// 1: times counted from the Unix epoch. 2: times counted from Chromium's epoch
    /// (microseconds since 1601-01-01 UTC), as Chromium's own files; format 1 times are still
    /// read (see `StorageTimestamp.date`).
    public static let currentVersion: Int32 = 2
}
