public import Foundation
public import History
public import Sessions
public import Web

/// Deletes a profile's browsing data of a time period (Chromium's `BrowsingDataRemover`,
/// `ios/chrome/browser/browsing_data/model/browsing_data_remover.h`): visits from its
/// ``HistoryService`` (`expireHistoryBetween`), cookies, site data and caches from its
/// engine context (``WebEngineContext/clearWebsiteData(_:since:completion:)``), and the
/// entries of its Recently Closed list closed in the period. Open tabs and saved sessions
/// are not browsing data: they stay as they are.
@MainActor
public final class BrowsingDataRemover {
    private let history: HistoryService?
    private let engineContext: any WebEngineContext
    private let tabRestore: TabRestoreService?
    private let now: @MainActor () -> Date

    /// A remover over one profile's services (a missing one has nothing to delete); periods
    /// end at `now`.
    public init(
        history: HistoryService?, engineContext: any WebEngineContext, tabRestore: TabRestoreService?,
        now: @escaping @MainActor () -> Date = { Date() }
    ) {
        self.history = history
        self.engineContext = engineContext
        self.tabRestore = tabRestore
        self.now = now
    }

    /// Deletes `types` from `period`; returns once every part is done (the history
    /// committed, the engine finished).
    public func remove(_ types: BrowsingDataTypes, period: BrowsingDataTimePeriod) async {
        let begin = period.beginTime(now: now())
        if types.contains(.recentlyClosed), let tabRestore {
            if let begin {
                for entry in tabRestore.entries where Self.closedTime(of: entry) >= begin {
                    _ = tabRestore.removeEntry(entry.id)
                }
            } else {
                tabRestore.clear()
            }
        }
        var websiteData: WebsiteDataTypes = []
        if types.contains(.cookiesAndSiteData) { websiteData.formUnion([.cookies, .siteData]) }
        if types.contains(.cache) { websiteData.insert(.cache) }
        if !websiteData.isEmpty {
            await withCheckedContinuation { continuation in
                engineContext.clearWebsiteData(websiteData, since: begin) { continuation.resume() }
            }
        }
        if types.contains(.history), let history { await history.expireHistoryBetween(begin, nil) }
    }

    private static func closedTime(of entry: TabRestoreService.Entry) -> Date {
        switch entry {
        case .tab(let tab): tab.closedTime
        case .window(let window): window.closedTime
        }
    }
}
