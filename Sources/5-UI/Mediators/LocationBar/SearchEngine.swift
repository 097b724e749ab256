import Foundation

/// A search engine the user can choose, with its URL template (Chromium's prepopulated
/// engines, `components/search_engines/prepopulated_engines.json`, kept to those GNOME Web and
/// Firefox offer too).
public struct SearchEngine: Equatable, Sendable {
    /// Its stable name in the preferences window's commands.
    public let id: String
    /// Its name for a person.
    public let name: String
    /// Its search URL, `{searchTerms}` where the words go.
    public let searchURL: String

    /// The engines offered, the default first.
    public static let prepopulated: [SearchEngine] = [
        SearchEngine(id: "duckduckgo", name: "DuckDuckGo", searchURL: SearchEnginePrefs.defaultSearchURL),
        SearchEngine(
            id: "google", name: "Google", searchURL: "https://www.google.com/search?q={searchTerms}"),
        SearchEngine(id: "bing", name: "Bing", searchURL: "https://www.bing.com/search?q={searchTerms}"),
        SearchEngine(
            id: "startpage", name: "Startpage",
            searchURL: "https://www.startpage.com/sp/search?query={searchTerms}"),
        SearchEngine(
            id: "wikipedia", name: "Wikipedia",
            searchURL: "https://en.wikipedia.org/wiki/Special:Search?search={searchTerms}"),
        SearchEngine(
            id: "ecosia", name: "Ecosia", searchURL: "https://www.ecosia.org/search?q={searchTerms}"),
    ]

    /// The id of a template that is none of ``prepopulated``'s.
    public static let customID = "custom"

    /// Why a custom template cannot be searched with.
    public enum TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
        /// Neither `%s` nor `{searchTerms}` marks where the words go.
        case noPlaceholder
        /// With the words in, it is not an http or https address with a host.
        case notAWebAddress

        public var description: String {
            switch self {
            case .noPlaceholder: "Put %s where the search words go"
            case .notAWebAddress: "Enter an address starting with https:// or http://"
            }
        }
    }

    /// `text` as a template the location bar searches with: `%s` becomes `{searchTerms}`
    /// (Firefox's and GNOME Web's way of writing it, Chromium's stored form), spaces around it
    /// go.
    public static func validatedTemplate(_ text: String) -> Result<String, TemplateError> {
        let template = text.trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "%s", with: SearchEnginePrefs.searchTermsPlaceholder)
        guard template.contains(SearchEnginePrefs.searchTermsPlaceholder) else {
            return .failure(.noPlaceholder)
        }
        let probe = template.replacingOccurrences(of: SearchEnginePrefs.searchTermsPlaceholder, with: "x")
        guard let url = URL(string: probe), let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http", url.host?.isEmpty == false
        else { return .failure(.notAWebAddress) }
        return .success(template)
    }
}
