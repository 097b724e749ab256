/// Runs the providers on each keystroke and makes their matches one result. After Chromium's
/// `AutocompleteController` (components/omnibox/browser/autocomplete_controller.h), without
/// its asynchronous half: every provider answers at once.
@MainActor
public final class AutocompleteController {
    public let providers: [any AutocompleteProvider]
    /// The rows of the last ``start(_:)``.
    public private(set) var result = AutocompleteResult()
    /// The input of the last ``start(_:)``.
    public private(set) var input: AutocompleteInput?

    public init(providers: [any AutocompleteProvider]) {
        self.providers = providers
    }

    /// The rows for `input`, also kept as ``result``; blank text gives none.
    @discardableResult
    public func start(_ input: AutocompleteInput) -> AutocompleteResult {
        self.input = input
        guard input.text.contains(where: { !$0.isWhitespace }) else {
            result = AutocompleteResult()
            return result
        }
        result = AutocompleteResult.sortedAndCulled(providers.flatMap { $0.start(input) })
        return result
    }

    /// Forgets the rows (the dropdown closed).
    public func stop() {
        input = nil
        result = AutocompleteResult()
    }

    /// Removes `match`'s source through every provider, and the row from the result.
    public func deleteMatch(_ match: AutocompleteMatch) {
        for provider in providers { provider.deleteMatch(match) }
        result.matches.removeAll { $0 == match }
    }
}
