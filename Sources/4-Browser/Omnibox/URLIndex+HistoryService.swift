public import History

/// The index follows a profile's history as Chromium's `InMemoryURLIndex` observes its
/// `HistoryService` (in_memory_url_index.cc): built from its significant rows, then told of
/// each visit, new title and deletion.
extension URLIndex: HistoryServiceObserver {
    /// Builds the index from `history`'s significant rows on a background queue and follows
    /// its changes from now on (those made while the rows are read included).
    public func connect(to history: HistoryService) async {
        history.addObserver(self)
        await rebuild { await history.querySignificantURLs() }
    }

    /// Stops following `history`.
    public func disconnect(from history: HistoryService) {
        history.removeObserver(self)
    }

    public func historyService(_ service: HistoryService, didVisit url: URLRow, visit: VisitRow) {
        urlVisited(url, visit: visit)
    }

    public func historyService(_ service: HistoryService, didModify urls: [URLRow]) {
        urlsModified(urls)
    }

    public func historyService(_ service: HistoryService, didDelete info: HistoryDeletionInfo) {
        if info.isAllHistory {
            allDeleted()
        } else {
            urlsDeleted(info.deletedRows.map(\.url))
        }
    }
}
