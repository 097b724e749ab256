/// What the user asks of the Clear Browsing Data dialog.
@MainActor
public protocol ClearBrowsingDataCommands: AnyObject {
    /// Deletes what `selection` names, of the window's profile.
    func clearBrowsingData(_ selection: ClearBrowsingDataSelection)
}
