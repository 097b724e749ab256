/// What the user typed in the location entry, apart from the completion shown after it,
/// and the suggestions for it. After the view-free part of Chromium's `OmniboxEditModel`
/// (components/omnibox/browser/omnibox_edit_model.cc): the entry reports each change as the
/// state before and after it, and shows the state this model returns.
///
/// Whether a change deleted text is read from the states, as Chromium does
/// (`OmniboxView::GetStateChanges`): shorter text with the cursor at or before where the
/// selection started. So typing over a selected completion is typing, never a deletion, even
/// when the entry reports it as the selection's removal followed by the insertion: the
/// completion comes back on every keystroke (GNOME Web bug #2709 was completion on every
/// second one), and after Backspace or Delete it does not.
@MainActor
public final class OmniboxEditModel {
    public let controller: AutocompleteController
    /// The text typed, without the completion.
    public private(set) var userText = ""
    /// The completion shown after ``userText``, selected; empty when none is.
    public private(set) var inlineAutocompletion = ""
    /// Where the cursor is when nothing is filled in.
    private var cursor = 0

    public init(controller: AutocompleteController) {
        self.controller = controller
    }

    /// The rows for the text typed.
    public var result: AutocompleteResult { controller.result }

    /// What the entry shows: the text typed, then the completion, selected.
    public var state: OmniboxEditState {
        guard !inlineAutocompletion.isEmpty else {
            return OmniboxEditState(text: userText, selection: cursor..<cursor)
        }
        let text = userText + inlineAutocompletion
        return OmniboxEditState(text: text, selection: userText.count..<text.count)
    }

    /// The entry went from `before` to `after` by the user's hand (a key, a paste, a cut);
    /// returns what it should show now. A change of the selection alone accepts the completion
    /// (`OnAfterPossibleChange`).
    @discardableResult
    public func textChanged(from before: OmniboxEditState, to after: OmniboxEditState) -> OmniboxEditState {
        guard after.text != before.text else {
            if !inlineAutocompletion.isEmpty && after.selection != before.selection {
                userText = after.text
                inlineAutocompletion = ""
                cursor = after.selection.upperBound
            }
            return state
        }
        let deleted =
            before.text.count > after.text.count && after.selection.lowerBound <= before.selection.lowerBound
        userText = after.text
        cursor = after.selection.upperBound
        let result = controller.start(
            AutocompleteInput(text: userText, cursorPosition: cursor, preventInlineAutocomplete: deleted))
        inlineAutocompletion = result.defaultMatch?.inlineAutocompletion ?? ""
        return state
    }

    /// Sets the text typed as if the user had typed it all (a tab's text coming back when the
    /// tab does), without completing it.
    public func setUserText(_ text: String) {
        userText = text
        cursor = text.count
        inlineAutocompletion = ""
        controller.stop()
    }
}
