/// What the location bar's dropdown mediator pushes: the rows, and what the entry shows
/// while the user types (the completion after the text typed, a row chosen with the arrows).
@MainActor
public protocol OmniboxPopupConsumer: AnyObject {
    /// The rows, `selected` highlighted; no rows closes the dropdown.
    func setRows(_ rows: [OmniboxPopupRow], selected: Int?)
    /// Puts `state` in the entry (the user's edit goes on from there).
    func setEntryState(_ state: OmniboxTextState)
    /// Another tab became active: the entry shows `typedText`, what the user had typed there
    /// before switching away, as an edit of theirs; nil: that tab's URL.
    func showTabText(typedText: String?)
}
