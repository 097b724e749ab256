public import GRDB

/// A row of the `downloads` table (``DownloadStore``); the columns are the coding keys.
extension DownloadRecord: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "downloads"
}
