/// The preferences window, as its mediator sees it.
@MainActor
public protocol PreferencesConsumer: AnyObject {
    /// Shows `values`: the prefs as they are now.
    func setPreferences(_ values: PreferencesValues)
}
