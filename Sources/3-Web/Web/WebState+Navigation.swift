public import Foundation

extension WebState {
    /// Loads `url` in a new entry, its navigation marked `transition` (Chromium's
    /// `WebLoadParams::transition_type`, whose default is a link); realizes.
    public func load(_ url: URL, transition: PageTransition = .link) {
        realizedContent.load(url, transition: transition)
    }
    /// Reloads; realizes. Recovers a crashed tab.
    public func reload() { realizedContent.reload() }
    /// Stops loading (nothing to do while unrealized).
    public func stopLoading() { content?.stopLoading() }

    /// The navigation manager, or nil while unrealized (does not realize).
    public var navigationManagerIfRealized: NavigationManager? {
        guard case .realized(_, let navigation) = lifecycle else { return nil }
        return navigation
    }
    /// The navigation manager; realizes the WebState.
    public var navigationManager: NavigationManager { realized().navigation }
}
