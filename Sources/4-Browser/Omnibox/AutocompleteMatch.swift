public import Foundation
public import Web

/// One suggestion. After Chromium's `AutocompleteMatch`
/// (components/omnibox/browser/autocomplete_match.h).
public struct AutocompleteMatch: Sendable, Hashable {
    /// What opening the suggestion loads.
    public var destinationURL: URL
    /// The main line of the row: the URL as people read it (no `https://`, no `www.`, the
    /// host's Unicode form), or the search terms.
    public var contents: String
    /// The second line: the page's title, or the search engine's name.
    public var description: String
    public var type: AutocompleteMatchType
    /// Higher is better; comparable across providers (`relevance`).
    public var relevance: Int
    /// The text filled in after what was typed, selected, when this is the default match
    /// (`inline_autocompletion`); empty when nothing is.
    public var inlineAutocompletion: String
    /// What the location entry shows when the row is selected with the arrow keys
    /// (`fill_into_edit`).
    public var fillIntoEdit: String
    /// The parts of ``contents`` that match what was typed (bold in the row), as UTF-8 byte
    /// offsets, sorted and disjoint: Pango's attribute indices are UTF-8 offsets too
    /// (`contents_class`).
    public var contentsMatches: [Range<Int>]
    /// The parts of ``description`` that match (`description_class`).
    public var descriptionMatches: [Range<Int>]
    /// Whether this match may be the default, the one Enter opens (`allowed_to_be_default_match`).
    public var allowedToBeDefault: Bool
    /// For ``AutocompleteMatchType/openTab``: the tab to switch to.
    public var tabID: WebStateID?

    public init(
        destinationURL: URL, contents: String, description: String = "", type: AutocompleteMatchType,
        relevance: Int, inlineAutocompletion: String = "", fillIntoEdit: String? = nil,
        contentsMatches: [Range<Int>] = [], descriptionMatches: [Range<Int>] = [],
        allowedToBeDefault: Bool = false, tabID: WebStateID? = nil
    ) {
        self.destinationURL = destinationURL
        self.contents = contents
        self.description = description
        self.type = type
        self.relevance = relevance
        self.inlineAutocompletion = inlineAutocompletion
        self.fillIntoEdit = fillIntoEdit ?? contents
        self.contentsMatches = contentsMatches
        self.descriptionMatches = descriptionMatches
        self.allowedToBeDefault = allowedToBeDefault
        self.tabID = tabID
    }

    /// The URL two matches are duplicates by: `http` and `https`, `www.` or not, and the
    /// fragment make no difference (`stripped_destination_url`, `GURLToStrippedGURL`).
    public var strippedDestinationURL: String {
        guard var components = URLComponents(url: destinationURL, resolvingAgainstBaseURL: false),
            let host = components.host?.lowercased()
        else { return destinationURL.absoluteString }
        if components.scheme?.lowercased() == "https" { components.scheme = "http" }
        components.host = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        components.fragment = nil
        if components.path.isEmpty { components.path = "/" }
        return components.string ?? destinationURL.absoluteString
    }
}
