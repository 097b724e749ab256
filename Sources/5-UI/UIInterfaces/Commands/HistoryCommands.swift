/// What the user does in the History window (ids are ``HistoryItem/id``s).
@MainActor
public protocol HistoryCommands: AnyObject {
    /// Lists only the visits whose title or address holds every word of `text` (empty:
    /// every visit).
    func searchHistory(_ text: String)
    /// Opens the visit's page in the window's selected tab, or in a new tab after it.
    func openHistoryItem(_ id: Int64, inNewTab: Bool)
    /// Deletes these visits.
    func deleteHistoryItems(_ ids: [Int64])
    /// Deletes every visit to the site (the host) of the visit `id`.
    func deleteHistoryOfSite(ofItem id: Int64)
    /// Loads the next page of older visits (the list was scrolled near its end).
    func loadMoreHistory()
}
