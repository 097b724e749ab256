/// The location entry's text and selection (the cursor is an empty selection), in characters.
/// After Chromium's `OmniboxView::State` (components/omnibox/browser/omnibox_view.h).
public struct OmniboxEditState: Sendable, Hashable {
    public var text: String
    public var selection: Range<Int>

    public init(text: String, selection: Range<Int>) {
        self.text = text
        self.selection = selection
    }

    /// `text` with the cursor at its end.
    public init(text: String) {
        self.init(text: text, selection: text.count..<text.count)
    }
}
