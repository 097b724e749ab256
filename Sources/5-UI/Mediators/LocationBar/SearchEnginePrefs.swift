import Omnibox
public import Prefs

/// The default search engine's pref: a URL template whose `{searchTerms}` the location bar
/// replaces with what the user typed.
public enum SearchEnginePrefs {
    /// The pref's name.
    public static let searchURL = "default_search_provider.search_url"
    /// The placeholder the search terms replace.
    public static let searchTermsPlaceholder = LocationInputClassifier.searchTermsPlaceholder
    /// The default template (DuckDuckGo).
    public static let defaultSearchURL = LocationInputClassifier.defaultSearchURLTemplate

    /// Registers the pref in a profile's registry (the composition root calls this).
    @MainActor
    public static func register(in registry: PrefRegistry) {
        registry.register(searchURL, default: .string(defaultSearchURL), scope: .syncable)
    }
}
