/// Told of a ``HistoryService``'s changes, on the main actor, after Chromium's
/// `history::HistoryServiceObserver` (components/history/core/browser/history_service_observer.h).
@MainActor
public protocol HistoryServiceObserver: AnyObject {
    /// A visit to `url` was recorded (`url` holds its counts after the visit).
    func historyService(_ service: HistoryService, didVisit url: URLRow, visit: VisitRow)
    /// Pages changed their titles.
    func historyService(_ service: HistoryService, didModify urls: [URLRow])
    /// Visits and pages were deleted or expired.
    func historyService(_ service: HistoryService, didDelete info: HistoryDeletionInfo)
    /// ``HistoryService/problem`` changed.
    func historyServiceProblemChanged(_ service: HistoryService)
}

extension HistoryServiceObserver {
    public func historyService(_ service: HistoryService, didVisit url: URLRow, visit: VisitRow) {}
    public func historyService(_ service: HistoryService, didModify urls: [URLRow]) {}
    public func historyService(_ service: HistoryService, didDelete info: HistoryDeletionInfo) {}
    public func historyServiceProblemChanged(_ service: HistoryService) {}
}
