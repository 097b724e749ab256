/// What the Clear Browsing Data dialog asks to delete.
public struct ClearBrowsingDataSelection: Equatable, Sendable {
    /// How far back it reaches.
    public enum Period: Int, CaseIterable, Sendable {
        case lastHour, lastDay, lastWeek, lastFourWeeks, allTime

        /// Its label in the dialog.
        public var title: String {
            switch self {
            case .lastHour: "Last Hour"
            case .lastDay: "Last 24 Hours"
            case .lastWeek: "Last 7 Days"
            case .lastFourWeeks: "Last 4 Weeks"
            case .allTime: "All Time"
            }
        }
    }

    public var period: Period
    public var history: Bool
    public var cookiesAndSiteData: Bool
    public var cache: Bool
    public var recentlyClosed: Bool

    /// The dialog's first choice: the last hour's history, cookies and cache (Chromium's
    /// defaults), not the Recently Closed list.
    public init(
        period: Period = .lastHour, history: Bool = true, cookiesAndSiteData: Bool = true, cache: Bool = true,
        recentlyClosed: Bool = false
    ) {
        self.period = period
        self.history = history
        self.cookiesAndSiteData = cookiesAndSiteData
        self.cache = cache
        self.recentlyClosed = recentlyClosed
    }

    /// Whether it deletes anything.
    public var isEmpty: Bool { !(history || cookiesAndSiteData || cache || recentlyClosed) }
}
