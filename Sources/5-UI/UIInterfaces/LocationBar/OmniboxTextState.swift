/// The location entry's text and selection (an empty selection is the cursor), in characters.
public struct OmniboxTextState: Equatable, Sendable {
    public var text: String
    public var selection: Range<Int>

    public init(text: String, selection: Range<Int>) {
        self.text = text
        self.selection = selection
    }
}
