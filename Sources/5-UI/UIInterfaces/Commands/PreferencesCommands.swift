/// What the user changes in the preferences window. Each change is kept in the profile's
/// prefs, and every window follows it at once.
@MainActor
public protocol PreferencesCommands: AnyObject {
    /// Searches with the engine `id` (a ``SearchEngineOption``'s). The custom engine is
    /// saved only once its template is valid (``setCustomSearchTemplate(_:)``).
    func selectSearchEngine(_ id: String)
    /// Searches with `template`, a URL with `%s` or `{searchTerms}` where the words go; an
    /// invalid one is not saved, and the window shows why.
    func setCustomSearchTemplate(_ template: String)
    /// New tabs and windows open the home page (else a blank page).
    func setNewTabsOpenHomePage(_ opens: Bool)
    /// The blank page of new tabs and windows shows the most visited sites.
    func setNewTabsShowMostVisited(_ shows: Bool)
    /// Sets the home page to `address` (fixed up as the location bar does); an address that
    /// is not a URL is not saved, and the window shows why.
    func setHomePage(_ address: String)
    /// Saves downloads in the folder at `path`.
    func setDownloadDirectory(_ path: String)
    /// Whether each download asks where to save its file.
    func setAskWhereToSave(_ asks: Bool)
    /// Draws every window in `scheme`.
    func setColorScheme(_ scheme: ColorScheme)
    /// Draws pages' text of `kind` in `family`.
    func setFont(_ family: String, for kind: FontKind)
    /// Draws no page's text smaller than `size` CSS pixels (0: no minimum).
    func setMinimumFontSize(_ size: Int)
    /// Opens pages at `factor` (1 is 100%) unless their tab was zoomed; open tabs that were
    /// not zoomed take it at once.
    func setDefaultZoom(_ factor: Double)
    /// Refuses (or accepts) cookies of other sites than the page's, in every window; an
    /// incognito window follows its regular profile.
    func setBlocksThirdPartyCookies(_ blocks: Bool)
    /// Turns the engine's tracking prevention on or off.
    func setPreventsTracking(_ prevents: Bool)
    /// Turns the memory saver's discarding of hidden tabs on or off.
    func setMemorySaverEnabled(_ enabled: Bool)
    /// Sets how long a tab stays hidden before the memory saver discards it.
    func setMemorySaverDelay(minutes: Int)
}
