/// Told when a ``DownloadHistoryService``'s list changes.
@MainActor
public protocol DownloadHistoryObserver: AnyObject {
    /// A download was added, made progress, ended or was removed: ``DownloadHistoryService/records``
    /// holds the new list.
    func downloadHistoryChanged(_ history: DownloadHistoryService)
}
