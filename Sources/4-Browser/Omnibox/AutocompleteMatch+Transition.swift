public import Web

extension AutocompleteMatch {
    /// How opening the match reaches its page, for the history (Chromium's
    /// `AutocompleteMatch::transition`, set by each provider): what the user typed or a page
    /// of history is typed, a search is generated, a bookmark is a bookmark's; all from the
    /// location bar.
    public var transition: PageTransition {
        let core: PageTransition =
            switch type {
            case .urlWhatYouTyped, .historyURL, .openTab: .typed
            case .search: .generated
            case .bookmark: .autoBookmark
            }
        return core.adding(.fromAddressBar)
    }
}
