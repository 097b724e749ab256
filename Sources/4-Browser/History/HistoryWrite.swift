import Foundation

/// One change the ``HistoryBackend`` makes to the file: a value, so that a batch that failed
/// to commit can be made again in the next transaction.
enum HistoryWrite: Sendable {
    case addPage(HistoryAddPageArgs)
    case setTitle(String, URL)
    case deleteVisits([Int64])
    case deleteURLs([URL])
    case deleteHost(String)
    /// Deletes the visits in `begin..<end` (nil: unbounded on that side; both nil: everything).
    case deleteBetween(Date?, Date?, isExpiry: Bool)
    /// Expires the oldest visits before the date, at most `limit` of them.
    case expireBefore(Date, limit: Int)
    /// Adds another browser's visits (``HistoryDatabase/addImportedVisits(_:_:)``).
    case addImportedVisits([ImportedVisit])
}

/// What a write did, for the observers.
enum HistoryWriteEffect: Sendable {
    case visited([(URLRow, VisitRow)])
    case modified([URLRow])
    case deleted(HistoryDeletionInfo)
    /// Imported visits: the counts, and the pages added or changed.
    case imported(HistoryImportCounts, [URLRow])
}
