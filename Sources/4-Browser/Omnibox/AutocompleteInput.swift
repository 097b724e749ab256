/// What the user typed, as the providers see it. After Chromium's `AutocompleteInput`
/// (components/omnibox/browser/autocomplete_input.h).
public struct AutocompleteInput: Sendable, Hashable {
    /// The text typed, without the inline completion shown after it.
    public var text: String
    /// Where the cursor is, in characters from the start of `text`.
    public var cursorPosition: Int
    /// Whether the user just deleted text (Backspace, Delete, cutting): then nothing is filled
    /// in after what is left, or a deletion could never shorten the text
    /// (`prevent_inline_autocomplete`).
    public var preventInlineAutocomplete: Bool

    /// An input with the cursor at `cursorPosition`, at the end of `text` when nil.
    public init(text: String, cursorPosition: Int? = nil, preventInlineAutocomplete: Bool = false) {
        self.text = text
        self.cursorPosition = cursorPosition ?? text.count
        self.preventInlineAutocomplete = preventInlineAutocomplete
    }

    /// Whether the rest of a URL may be filled in: not after a deletion, only with the cursor
    /// at the end, and not after a trailing space (the user is typing words, not a URL).
    public var allowsInlineAutocomplete: Bool {
        !preventInlineAutocomplete && cursorPosition == text.count && text.last?.isWhitespace == false
    }
}
