/// A source of suggestions. After Chromium's `AutocompleteProvider`
/// (components/omnibox/browser/autocomplete_provider.h), synchronous: every provider here
/// answers from memory, so the rows of a keystroke are complete when `start` returns.
@MainActor
public protocol AutocompleteProvider: AnyObject {
    /// The matches for `input`, each with its relevance; in the order the provider prefers
    /// among equal relevances.
    func start(_ input: AutocompleteInput) -> [AutocompleteMatch]

    /// Removes what `match` came from, when the user deletes the row (Shift+Delete); the
    /// providers whose rows cannot be deleted do nothing (`DeleteMatch`).
    func deleteMatch(_ match: AutocompleteMatch)
}

extension AutocompleteProvider {
    public func deleteMatch(_ match: AutocompleteMatch) {}
}
