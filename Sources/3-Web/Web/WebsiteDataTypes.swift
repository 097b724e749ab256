/// Kinds of data a context keeps for sites, as Clear Browsing Data names them (Chromium's
/// `BrowsingDataRemover` data types, `components/browsing_data/core/browsing_data_utils.h`).
public struct WebsiteDataTypes: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Cookies (with what the engine keeps beside them: HSTS, tracking prevention's records).
    public static let cookies = WebsiteDataTypes(rawValue: 1 << 0)
    /// What pages stored: local and session storage, IndexedDB, service workers and their
    /// caches, the offline application cache.
    public static let siteData = WebsiteDataTypes(rawValue: 1 << 1)
    /// The memory and disk caches of fetched resources.
    public static let cache = WebsiteDataTypes(rawValue: 1 << 2)
}
