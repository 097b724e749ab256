/// What a suggestion is (Chromium's `AutocompleteMatchType`,
/// components/omnibox/browser/autocomplete_match_type.h, the kinds Swiftlet has).
public enum AutocompleteMatchType: Sendable, Hashable {
    /// The URL the user typed (`URL_WHAT_YOU_TYPED`).
    case urlWhatYouTyped
    /// A page from history (`HISTORY_URL`, `HISTORY_TITLE`).
    case historyURL
    /// A search for what was typed with the default engine (`SEARCH_WHAT_YOU_TYPED`).
    case search
    /// A tab of the profile showing the page: choosing it switches to that tab
    /// (`OPEN_TAB`).
    case openTab
    /// A bookmark (`BOOKMARK_TITLE`).
    case bookmark
}
