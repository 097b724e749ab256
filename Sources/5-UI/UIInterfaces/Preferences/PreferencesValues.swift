/// What the preferences window shows, as plain values: the mediator pushes the whole of it
/// whenever a pref it reads changes (here or in any other window), and the window shows it
/// without sending anything back.
public struct PreferencesValues: Equatable, Sendable {
    // General

    /// The search engines offered, in the order shown; the last is the custom one.
    public var searchEngines: [SearchEngineOption]
    /// The ``SearchEngineOption/id`` of the engine the location bar searches with.
    public var selectedSearchEngine: String
    /// The custom engine's template, as last typed or as the pref holds it.
    public var customSearchTemplate: String
    /// Why the custom template typed last was not saved (nil: it was, or nothing was typed).
    public var customSearchTemplateError: String?
    /// Whether new tabs and new windows open the home page (else a blank page).
    public var newTabsOpenHomePage: Bool
    /// Whether the blank page of new tabs shows the most visited sites.
    public var newTabsShowMostVisited: Bool
    /// The home page's address.
    public var homePage: String
    /// Why the home page typed last was not saved.
    public var homePageError: String?
    /// The folder downloads are saved in, as a path.
    public var downloadDirectory: String
    /// Whether each download asks where to save its file.
    public var askWhereToSave: Bool

    // Appearance

    /// The windows' style.
    public var colorScheme: ColorScheme
    /// The family of each generic font (empty: the engine's default).
    public var fonts: [FontKind: String]
    /// The smallest text size of any page, in CSS pixels (0: none).
    public var minimumFontSize: Int
    /// The zoom factors pages can open at, ascending (1 is 100%).
    public var zoomFactors: [Double]
    /// The zoom factor pages open at unless their tab was zoomed.
    public var defaultZoom: Double

    // Privacy and security

    /// Whether cookies of other sites than the page's are refused.
    public var blocksThirdPartyCookies: Bool
    /// Whether the engine's tracking prevention is on.
    public var preventsTracking: Bool

    // Performance

    /// Whether the memory saver discards tabs hidden for ``memorySaverDelayMinutes``.
    public var memorySaverEnabled: Bool
    /// How long a tab stays hidden before the memory saver discards it, in minutes.
    public var memorySaverDelayMinutes: Int

    public init(
        searchEngines: [SearchEngineOption] = [], selectedSearchEngine: String = "",
        customSearchTemplate: String = "", customSearchTemplateError: String? = nil,
        newTabsOpenHomePage: Bool = false, newTabsShowMostVisited: Bool = false, homePage: String = "",
        homePageError: String? = nil,
        downloadDirectory: String = "", askWhereToSave: Bool = false, colorScheme: ColorScheme = .system,
        fonts: [FontKind: String] = [:], minimumFontSize: Int = 0, zoomFactors: [Double] = [1],
        defaultZoom: Double = 1,
        blocksThirdPartyCookies: Bool = true, preventsTracking: Bool = true, memorySaverEnabled: Bool = true,
        memorySaverDelayMinutes: Int = 30
    ) {
        self.searchEngines = searchEngines
        self.selectedSearchEngine = selectedSearchEngine
        self.customSearchTemplate = customSearchTemplate
        self.customSearchTemplateError = customSearchTemplateError
        self.newTabsOpenHomePage = newTabsOpenHomePage
        self.newTabsShowMostVisited = newTabsShowMostVisited
        self.homePage = homePage
        self.homePageError = homePageError
        self.downloadDirectory = downloadDirectory
        self.askWhereToSave = askWhereToSave
        self.colorScheme = colorScheme
        self.fonts = fonts
        self.minimumFontSize = minimumFontSize
        self.zoomFactors = zoomFactors
        self.defaultZoom = defaultZoom
        self.blocksThirdPartyCookies = blocksThirdPartyCookies
        self.preventsTracking = preventsTracking
        self.memorySaverEnabled = memorySaverEnabled
        self.memorySaverDelayMinutes = memorySaverDelayMinutes
    }
}
