public import Base

/// The active tab's content as the content view controller shows it: the engine's view,
/// handed over opaquely, the title of a tab that is not drawn yet, or a crash page.
public enum ContentView {
    /// No tab.
    case empty
    /// A tab that is not drawn yet (its engine is being started): its title.
    case placeholder(title: String)
    /// The engine's view of the active tab.
    case engineView(ViewHandle, identity: TabIdentifier)
    /// The active tab's web process went away: a crash page offering to reload, with the
    /// tab's title.
    case crashed(title: String)
}
