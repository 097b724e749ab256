/// A search engine the preferences window offers.
public struct SearchEngineOption: Equatable, Sendable {
    /// What the window sends back to choose it (``PreferencesCommands/selectSearchEngine(_:)``).
    public var id: String
    /// Its name in the list.
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
