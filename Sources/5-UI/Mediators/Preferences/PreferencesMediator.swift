import Foundation
import MemorySaver
public import Prefs
import Profiles
public import UIInterfaces

/// Between a profile's prefs and the preferences window: pushes the prefs the window shows
/// (``PreferencesValues``) and writes what the user changes (``PreferencesCommands``).
///
/// It observes each pref it shows, so that a change made elsewhere (another window, sync)
/// shows at once; the parts of the browser that apply a pref observe it themselves (the
/// location bar reads the search engine at each search, new tabs read the home page, the
/// memory saver follows its delay, the ``ColorSchemeMediator`` the style, each profile's
/// engine context its cookie and tracking prefs), so a change takes effect in every window
/// without this mediator telling them. An incognito window's preferences are its regular profile's: the
/// coordinator hands the regular profile's prefs, which the incognito overlay reads through.
@MainActor
public final class PreferencesMediator: PreferencesCommands {
    private let prefs: PrefService
    private let defaultDownloadDirectory: String
    private var state = MediatorState("PreferencesMediator")
    private var observations: [PrefObservation] = []
    /// The custom engine chosen in the window while its template is not saved yet.
    private var customSearchEngineChosen = false
    private var typedSearchTemplate: String?
    private var searchTemplateError: String?
    private var typedHomePage: String?
    private var homePageError: String?
    /// The delay the memory saver gets back when it is turned on again.
    private var lastMemorySaverDelay: Int
    private var lastPushed: PreferencesValues?

    /// The window; set it to push the values at once. Held weakly.
    public weak var consumer: (any PreferencesConsumer)? {
        didSet {
            state.check("consumer")
            lastPushed = nil
            push()
        }
    }

    /// Works on `prefs` (a regular profile's), which must have the search engine, home page,
    /// download and memory saver prefs registered; an empty download folder shows as
    /// `defaultDownloadDirectory` (the XDG download directory).
    public init(prefs: PrefService, defaultDownloadDirectory: String) {
        self.prefs = prefs
        self.defaultDownloadDirectory = defaultDownloadDirectory
        let seconds = prefs.int(MemorySaverPrefs.discardAfterSeconds)
        lastMemorySaverDelay = seconds > 0 ? seconds : MemorySaverPrefs.defaultDiscardAfterSeconds
        for name in Self.observedPrefs {
            observations.append(prefs.observe(name) { [weak self] _ in self?.prefDidChange(name) })
        }
    }

    /// The prefs the window shows.
    static let observedPrefs = [
        SearchEnginePrefs.searchURL, HomePagePrefs.homePageIsNewTabPage, HomePagePrefs.homePage,
        HomePagePrefs.showsMostVisited,
        DownloadPrefs.defaultDirectory, DownloadPrefs.promptForDownload, AppearancePrefs.colorScheme,
        PrivacyPrefs.cookieControlsMode, PrivacyPrefs.trackingPreventionEnabled, FontPrefs.sansSerifFamily,
        FontPrefs.serifFamily, FontPrefs.monospaceFamily, FontPrefs.minimumSize, ZoomPrefs.defaultZoomLevel,
        MemorySaverPrefs.discardAfterSeconds,
    ]

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        observations.forEach { $0.cancel() }
        observations = []
    }

    private func prefDidChange(_ name: String) {
        switch name {
        case SearchEnginePrefs.searchURL:
            // The saved engine wins over a half-typed custom one.
            customSearchEngineChosen = false
            typedSearchTemplate = nil
            searchTemplateError = nil
        case HomePagePrefs.homePage:
            typedHomePage = nil
            homePageError = nil
        case MemorySaverPrefs.discardAfterSeconds:
            let seconds = prefs.int(name)
            if seconds > 0 { lastMemorySaverDelay = seconds }
        default: break
        }
        push()
    }

    /// The values as the prefs and what was typed make them.
    var values: PreferencesValues {
        let searchURL = prefs.string(SearchEnginePrefs.searchURL)
        let engine = SearchEngine.prepopulated.first { $0.searchURL == searchURL }
        let directory = prefs.string(DownloadPrefs.defaultDirectory)
        let seconds = prefs.int(MemorySaverPrefs.discardAfterSeconds)
        return PreferencesValues(
            searchEngines: SearchEngine.prepopulated.map { SearchEngineOption(id: $0.id, name: $0.name) }
                + [SearchEngineOption(id: SearchEngine.customID, name: "Custom")],
            selectedSearchEngine: customSearchEngineChosen
                ? SearchEngine.customID : engine?.id ?? SearchEngine.customID,
            customSearchTemplate: typedSearchTemplate ?? (engine == nil ? searchURL : ""),
            customSearchTemplateError: searchTemplateError,
            newTabsOpenHomePage: !prefs.bool(HomePagePrefs.homePageIsNewTabPage),
            newTabsShowMostVisited: prefs.bool(HomePagePrefs.showsMostVisited),
            homePage: typedHomePage ?? prefs.string(HomePagePrefs.homePage), homePageError: homePageError,
            downloadDirectory: directory.isEmpty ? defaultDownloadDirectory : directory,
            askWhereToSave: prefs.bool(DownloadPrefs.promptForDownload),
            colorScheme: AppearancePrefs.colorScheme(in: prefs),
            fonts: [
                .sansSerif: prefs.string(FontPrefs.sansSerifFamily),
                .serif: prefs.string(FontPrefs.serifFamily),
                .monospace: prefs.string(FontPrefs.monospaceFamily),
            ], minimumFontSize: prefs.int(FontPrefs.minimumSize),
            zoomFactors: ZoomLevels.presets, defaultZoom: ZoomPrefs.defaultFactor(in: prefs),
            blocksThirdPartyCookies: PrivacyPrefs.settings(in: prefs, isOffTheRecord: false)
                .blocksThirdPartyCookies,
            preventsTracking: prefs.bool(PrivacyPrefs.trackingPreventionEnabled),
            memorySaverEnabled: seconds != 0,
            memorySaverDelayMinutes: max(1, (seconds > 0 ? seconds : lastMemorySaverDelay) / 60))
    }

    private func push() {
        guard let consumer else { return }
        let values = self.values
        guard values != lastPushed else { return }
        lastPushed = values
        consumer.setPreferences(values)
    }

    // MARK: PreferencesCommands

    public func selectSearchEngine(_ id: String) {
        state.check(#function)
        if let engine = SearchEngine.prepopulated.first(where: { $0.id == id }) {
            customSearchEngineChosen = false
            prefs.set(SearchEnginePrefs.searchURL, .string(engine.searchURL))
        } else if id == SearchEngine.customID {
            // Saved once a valid template is typed.
            customSearchEngineChosen = true
        }
        push()
    }

    public func setCustomSearchTemplate(_ template: String) {
        state.check(#function)
        customSearchEngineChosen = true
        switch SearchEngine.validatedTemplate(template) {
        case .success(let valid):
            prefs.set(SearchEnginePrefs.searchURL, .string(valid))
            // Shows the template as stored, and Custom even when it is a prepopulated one's.
            customSearchEngineChosen = SearchEngine.prepopulated.allSatisfy { $0.searchURL != valid }
            typedSearchTemplate = nil
            searchTemplateError = nil
        case .failure(let error):
            typedSearchTemplate = template
            searchTemplateError = error.description
        }
        push()
    }

    public func setNewTabsOpenHomePage(_ opens: Bool) {
        state.check(#function)
        prefs.set(HomePagePrefs.homePageIsNewTabPage, .bool(!opens))
    }

    public func setNewTabsShowMostVisited(_ shows: Bool) {
        state.check(#function)
        prefs.set(HomePagePrefs.showsMostVisited, .bool(shows))
    }

    public func setHomePage(_ address: String) {
        state.check(#function)
        let classification = LocationInputClassifier().classify(address)
        guard case .url(let url) = classification,
            ["http", "https", "file"].contains(url.scheme?.lowercased())
        else {
            typedHomePage = address
            homePageError = "Enter a web address, such as example.com"
            return push()
        }
        prefs.set(HomePagePrefs.homePage, .string(url.absoluteString))
        typedHomePage = nil
        homePageError = nil
        push()
    }

    public func setDownloadDirectory(_ path: String) {
        state.check(#function)
        // The XDG directory is kept as the empty default, so that it follows the user's.
        prefs.set(DownloadPrefs.defaultDirectory, .string(path == defaultDownloadDirectory ? "" : path))
    }

    public func setAskWhereToSave(_ asks: Bool) {
        state.check(#function)
        prefs.set(DownloadPrefs.promptForDownload, .bool(asks))
    }

    public func setColorScheme(_ scheme: ColorScheme) {
        state.check(#function)
        prefs.set(AppearancePrefs.colorScheme, .int(scheme.rawValue))
    }

    public func setFont(_ family: String, for kind: FontKind) {
        state.check(#function)
        let name =
            switch kind {
            case .sansSerif: FontPrefs.sansSerifFamily
            case .serif: FontPrefs.serifFamily
            case .monospace: FontPrefs.monospaceFamily
            }
        // The generic name is the engine's default, kept as the empty default.
        prefs.set(name, .string(family == kind.genericFamily ? "" : family))
    }

    public func setMinimumFontSize(_ size: Int) {
        state.check(#function)
        prefs.set(FontPrefs.minimumSize, .int(max(0, size)))
    }

    public func setDefaultZoom(_ factor: Double) {
        state.check(#function)
        precondition(factor > 0, "PreferencesMediator.setDefaultZoom: \(factor) is not a zoom factor")
        prefs.set(ZoomPrefs.defaultZoomLevel, .double(ZoomPrefs.level(ofFactor: factor)))
    }

    public func setBlocksThirdPartyCookies(_ blocks: Bool) {
        state.check(#function)
        let mode: PrivacyPrefs.CookieControlsMode = blocks ? .blockThirdParty : .off
        prefs.set(PrivacyPrefs.cookieControlsMode, .int(mode.rawValue))
    }

    public func setPreventsTracking(_ prevents: Bool) {
        state.check(#function)
        prefs.set(PrivacyPrefs.trackingPreventionEnabled, .bool(prevents))
    }

    public func setMemorySaverEnabled(_ enabled: Bool) {
        state.check(#function)
        prefs.set(MemorySaverPrefs.discardAfterSeconds, .int(enabled ? lastMemorySaverDelay : 0))
    }

    public func setMemorySaverDelay(minutes: Int) {
        state.check(#function)
        precondition(
            minutes > 0, "PreferencesMediator.setMemorySaverDelay: \(minutes) minutes is not a delay")
        lastMemorySaverDelay = minutes * 60
        if prefs.int(MemorySaverPrefs.discardAfterSeconds) != 0 {
            prefs.set(MemorySaverPrefs.discardAfterSeconds, .int(minutes * 60))
        } else {
            push()
        }
    }
}
