/// Find in page for one tab, as `docs/ios/unrealized_web_state.md` describes: a tab helper that works with an
/// unrealized WebState. It never realizes its WebState; the engine's controller is created
/// when the WebState is (or becomes) realized, and a search asked for before that waits
/// for it and for the page the realization loads.
@MainActor
public final class FindTabHelper: TabHelper, WebStateObserver {
    /// Receives the results of searches.
    @MainActor
    public protocol ResponseDelegate: AnyObject {
        /// A search for `text` found `matchCount` matches.
        func findTabHelper(_ helper: FindTabHelper, didFind matchCount: Int, for text: String)
    }

    private weak var webState: WebState?
    private var controller: (any FindInPageController)?
    private var pendingSearch: (text: String, options: FindOptions)?
    /// Receives search results (kept weakly); may be set before the controller exists.
    public weak var responseDelegate: (any ResponseDelegate)?
    /// The text of the last search.
    public private(set) var searchText: String?
    /// The match count of the last completed search.
    public private(set) var matchCount = 0

    /// Attaches a helper to `webState` (or returns the attached one).
    @discardableResult
    public static func attach(to webState: WebState) -> FindTabHelper {
        createForWebState(webState) { FindTabHelper(webState: webState) }
    }

    private init(webState: WebState) {
        self.webState = webState
        webState.addObserver(self)
        if webState.isRealized { createController(webState) }
    }

    /// Whether the current page can be searched (false while the WebState is unrealized).
    public var currentPageSupportsFindInPage: Bool { controller != nil }

    /// Searches for `text`; the result goes to the response delegate. While the WebState
    /// is unrealized the search waits for its realization and the page it then loads.
    public func find(_ text: String, options: FindOptions = [.wrapAround]) {
        searchText = text
        guard let controller else {
            pendingSearch = (text, options)
            return
        }
        controller.find(text, options: options) { [weak self] count in
            guard let self, self.searchText == text else { return }
            self.matchCount = count
            self.responseDelegate?.findTabHelper(self, didFind: count, for: text)
        }
    }

    /// Moves to the next match.
    public func findNext() { controller?.findNext() }
    /// Moves to the previous match.
    public func findPrevious() { controller?.findPrevious() }

    /// Ends the search and clears the highlights.
    public func dismiss() {
        pendingSearch = nil
        searchText = nil
        matchCount = 0
        controller?.dismiss()
    }

    private func createController(_ webState: WebState) {
        precondition(controller == nil && webState.isRealized, "FindTabHelper: controller created twice")
        controller = webState.makeFindInPageController()
    }

    /// Creates the engine controller. A search that waited for the realization waits on
    /// for the page the realization loads (``pageLoaded(_:status:)``): searching the
    /// engine's still empty page would find nothing.
    public func webStateRealized(_ webState: WebState) { createController(webState) }

    /// Runs a search that waited for the tab's page.
    public func pageLoaded(_ webState: WebState, status: PageLoadCompletionStatus) {
        guard controller != nil, let pending = pendingSearch else { return }
        pendingSearch = nil
        find(pending.text, options: pending.options)
    }

    /// Lets go of the engine controller, whose content is closed; a new one is made when the
    /// WebState is realized again (``webStateRealized(_:)``). The last search's text stays.
    public func webStateDiscarded(_ webState: WebState) {
        controller = nil
        matchCount = 0
    }

    /// Lets go of the engine controller.
    public func webStateDestroyed(_ webState: WebState) {
        controller = nil
        webState.removeObserver(self)
    }
}
