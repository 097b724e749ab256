/// What the user does in the location entry while its dropdown may be open (Chromium's
/// `OmniboxEditModel` and `OmniboxPopupModel` entry points). The methods returning a Bool say
/// whether they did something: when not, the key goes on to the entry.
@MainActor
public protocol OmniboxCommands: AnyObject {
    /// The user changed the entry's text from `before` to `after` (a key, a paste, a cut).
    func omniboxTextChanged(from before: OmniboxTextState, to after: OmniboxTextState)
    /// Down (1) or Up (-1): selects the next or previous row and shows its URL in the entry.
    func omniboxMoveSelection(by offset: Int) -> Bool
    /// Enter (Alt+Enter: `inNewTab`): opens the selected row, or the default one.
    func omniboxOpenSelection(inNewTab: Bool) -> Bool
    /// A click on row `index`.
    func omniboxOpenRow(_ index: Int)
    /// Shift+Delete: removes the selected row's page from history.
    func omniboxDeleteSelection() -> Bool
    /// Escape: puts back what was typed if a row's URL shows, else closes the dropdown.
    func omniboxEscape() -> Bool
    /// The entry lost the focus, or a load started: closes the dropdown.
    func omniboxClose()
    /// The page's URL replaced what the user had typed (a load, the edit ended): nothing
    /// typed is kept for the tab.
    func omniboxTypedTextReplaced()
}
