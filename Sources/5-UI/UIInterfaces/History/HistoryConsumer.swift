public import Foundation

/// What the history mediator pushes to the History window: the visits it loaded so far,
/// matching the search, by day, newest first.
@MainActor
public protocol HistoryConsumer: AnyObject {
    /// Shows `sections` (what is loaded so far, newest first). A push replaces the previous
    /// one, and the rows both hold keep their selection and the list its scroll position;
    /// `hasMore`: older visits can be loaded (``HistoryCommands/loadMoreHistory()``).
    func setHistory(_ sections: [HistorySection], hasMore: Bool)
    /// Shows `text` in the search field without sending it back as a search.
    func setSearchText(_ text: String)
    /// Every row whose address is `url` shows `png` (PNG bytes) as its icon.
    func setFavicon(_ png: Data, forURL url: String)
}
