/// What Clear Browsing Data deletes (Chromium's `BrowsingDataRemoveMask`,
/// `ios/chrome/browser/browsing_data/model/browsing_data_remove_mask.h`).
public struct BrowsingDataTypes: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The visits in the profile's history.
    public static let history = BrowsingDataTypes(rawValue: 1 << 0)
    /// Cookies and what sites stored (local storage, IndexedDB, service workers…).
    public static let cookiesAndSiteData = BrowsingDataTypes(rawValue: 1 << 1)
    /// The engine's caches of fetched resources.
    public static let cache = BrowsingDataTypes(rawValue: 1 << 2)
    /// The Recently Closed list's tabs and windows.
    public static let recentlyClosed = BrowsingDataTypes(rawValue: 1 << 3)

    public static let all: BrowsingDataTypes = [.history, .cookiesAndSiteData, .cache, .recentlyClosed]
}
