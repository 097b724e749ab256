public import Base

/// The active tab's content as the content view controller shows it: the engine's view,
/// handed over opaquely, or the title of a tab that is not drawn yet.
public enum ContentView {
    /// No tab.
    case empty
    /// A tab that is not drawn yet (its engine is being started): its title.
    case placeholder(title: String)
    /// The engine's view of the active tab.
    case engineView(ViewHandle, identity: TabIdentifier)
}
