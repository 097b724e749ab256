import Base
import Foundation
import Mediators
import MemorySaver
import ModelTestSupport
import Prefs
import Profiles
import TabModel
import TestSupport
import Testing
import UIInterfaces
import Web
import WebTestSupport

@MainActor
final class RecordingColorSchemeConsumer: ColorSchemeConsumer {
    var schemes: [ColorScheme] = []
    func setColorScheme(_ scheme: ColorScheme) { schemes.append(scheme) }
}

@MainActor
final class RecordingPreferencesConsumer: PreferencesConsumer {
    var pushed: [PreferencesValues] = []
    var last: PreferencesValues? { pushed.last }
    func setPreferences(_ values: PreferencesValues) { pushed.append(values) }
}

/// The preferences mediator over a real profile's prefs (its `Preferences` file on disk) on
/// the fake engine, with the parts of the browser that apply each pref reading the same prefs.
@MainActor
struct PreferencesMediatorTests {
    let engine = FakeWebEngine()
    let clock = ManualTimerClock()
    let profile: Profile
    let consumer = RecordingPreferencesConsumer()
    let mediator: PreferencesMediator

    init() throws {
        let context = TestProfile.makeApplicationContext(
            engine: engine, clock: clock,
            registerProfilePrefs: Self.registerPrefs(in:))
        profile = try context.profileManager.createProfile(named: "Default")
        mediator = PreferencesMediator(prefs: profile.prefs, defaultDownloadDirectory: "/home/u/Downloads")
        mediator.consumer = consumer
    }

    /// Registers every pref the window shows, as the browser does.
    static func registerPrefs(in registry: PrefRegistry) {
        SearchEnginePrefs.register(in: registry)
        DownloadPrefs.register(in: registry)
        HomePagePrefs.register(in: registry)
        MemorySaverPrefs.register(in: registry)
        AppearancePrefs.register(in: registry)
        PrivacyPrefs.register(in: registry)
        FontPrefs.register(in: registry)
        ZoomPrefs.register(in: registry)
    }

    /// The profile's `Preferences` file, once the pending write is done.
    func preferencesFile() throws -> [String: Any] {
        profile.prefs.commitPendingWrite(waitUntilDone: true)
        let data = try Data(contentsOf: profile.statePath.appendingPathComponent("Preferences"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// A window's location bar over `prefs`, with one tab, which searches for `words`.
    func search(_ words: String, prefs: PrefService) -> URL? {
        let list = WebStateList(delegate: nil)
        list.insert(WebState(params: .init(context: engine.defaultContext)), .automatic.activating())
        let locationBar = LocationBarMediator(webStateList: list, prefService: prefs)
        defer { locationBar.disconnect() }
        locationBar.loadUserInput(words)
        return list.activeWebState?.visibleURL
    }

    @Test func theDefaultsShow() throws {
        let values = try #require(consumer.last)
        #expect(
            values.searchEngines.map(\.name) == [
                "DuckDuckGo", "Google", "Bing", "Startpage", "Wikipedia", "Ecosia", "Custom",
            ])
        #expect(values.selectedSearchEngine == "duckduckgo")
        #expect(!values.newTabsOpenHomePage)
        #expect(values.downloadDirectory == "/home/u/Downloads")
        #expect(!values.askWhereToSave)
        #expect(values.memorySaverEnabled && values.memorySaverDelayMinutes == 30)
    }

    @Test(arguments: [
        ("google", "https://www.google.com/search?q=red+fox"),
        ("bing", "https://www.bing.com/search?q=red+fox"),
        ("startpage", "https://www.startpage.com/sp/search?query=red+fox"),
        ("wikipedia", "https://en.wikipedia.org/wiki/Special:Search?search=red+fox"),
        ("ecosia", "https://www.ecosia.org/search?q=red+fox"),
        ("duckduckgo", "https://duckduckgo.com/?q=red+fox"),
    ])
    func aChosenEngineIsSavedAndTheNextSearchUsesIt(id: String, expected: String) throws {
        if id == "duckduckgo" { mediator.selectSearchEngine("google") }
        mediator.selectSearchEngine(id)
        #expect(consumer.last?.selectedSearchEngine == id)
        #expect(search("red fox", prefs: profile.prefs)?.absoluteString == expected)
        // An incognito window searches with its regular profile's engine.
        #expect(search("red fox", prefs: profile.offTheRecordProfile.prefs)?.absoluteString == expected)
        let file = try preferencesFile()
        let saved = (file["default_search_provider"] as? [String: Any])?["search_url"] as? String
        #expect(
            saved == (id == "duckduckgo" ? nil : SearchEngine.prepopulated.first { $0.id == id }?.searchURL))
    }

    @Test(arguments: [
        ("https://search.test/?q=%s", "https://search.test/?q={searchTerms}"),
        (" https://search.test/find/{searchTerms} ", "https://search.test/find/{searchTerms}"),
        ("http://127.0.0.1:8000/?s=%s&lang=en", "http://127.0.0.1:8000/?s={searchTerms}&lang=en"),
    ])
    func aValidCustomTemplateIsSaved(typed: String, saved: String) throws {
        mediator.selectSearchEngine(SearchEngine.customID)
        #expect(consumer.last?.selectedSearchEngine == SearchEngine.customID)
        #expect(profile.prefs.isDefault(SearchEnginePrefs.searchURL), "not saved before a template")
        mediator.setCustomSearchTemplate(typed)
        #expect(profile.prefs.string(SearchEnginePrefs.searchURL) == saved)
        #expect(consumer.last?.selectedSearchEngine == SearchEngine.customID)
        #expect(consumer.last?.customSearchTemplate == saved)
        #expect(consumer.last?.customSearchTemplateError == nil)
        let file = try preferencesFile()
        #expect((file["default_search_provider"] as? [String: Any])?["search_url"] as? String == saved)
    }

    @Test(arguments: [
        ("https://search.test/", "Put %s where the search words go"),
        ("search %s", "Enter an address starting with https:// or http://"),
        ("ftp://search.test/?q=%s", "Enter an address starting with https:// or http://"),
        ("https:///?q=%s", "Enter an address starting with https:// or http://"),
    ])
    func anInvalidCustomTemplateShowsWhyAndIsNotSaved(typed: String, error: String) {
        mediator.selectSearchEngine("bing")
        mediator.setCustomSearchTemplate(typed)
        #expect(consumer.last?.customSearchTemplateError == error)
        #expect(consumer.last?.customSearchTemplate == typed)
        #expect(consumer.last?.selectedSearchEngine == SearchEngine.customID)
        #expect(
            profile.prefs.string(SearchEnginePrefs.searchURL) == "https://www.bing.com/search?q={searchTerms}"
        )
    }

    @Test func aChangeMadeElsewhereShowsAtOnce() {
        profile.prefs.set(SearchEnginePrefs.searchURL, .string("https://other.test/?q={searchTerms}"))
        #expect(consumer.last?.selectedSearchEngine == SearchEngine.customID)
        #expect(consumer.last?.customSearchTemplate == "https://other.test/?q={searchTerms}")
        profile.prefs.set(DownloadPrefs.promptForDownload, .bool(true))
        #expect(consumer.last?.askWhereToSave == true)
        profile.prefs.set(MemorySaverPrefs.discardAfterSeconds, .int(0))
        #expect(consumer.last?.memorySaverEnabled == false)
        let count = consumer.pushed.count
        profile.prefs.set(MemorySaverPrefs.discardAfterSeconds, .int(0))
        #expect(consumer.pushed.count == count, "nothing changed: nothing pushed")
    }

    @Test func newTabsAndWindowsOpenTheHomePage() throws {
        let blank = URL(string: "about:blank")!
        let list = WebStateList(delegate: nil)
        let browser = BrowserMediator(webStateList: list, startPageURL: blank, newTabPrefs: profile.prefs) {
            [engine] in WebState(params: .init(context: engine.defaultContext, url: $0))
        }
        browser.openNewTab()
        #expect(list.activeWebState?.visibleURL == blank)

        mediator.setNewTabsOpenHomePage(true)
        mediator.setHomePage("example.test/start")
        #expect(consumer.last?.newTabsOpenHomePage == true)
        #expect(consumer.last?.homePage == "https://example.test/start")
        browser.openNewTab()
        #expect(list.activeWebState?.visibleURL?.absoluteString == "https://example.test/start")
        #expect(
            HomePagePrefs.newTabURL(in: profile.offTheRecordProfile.prefs, blank: blank).absoluteString
                == "https://example.test/start")
        let file = try preferencesFile()
        #expect(file["homepage"] as? String == "https://example.test/start")
        #expect(file["homepage_is_newtabpage"] as? Bool == false)

        mediator.setNewTabsOpenHomePage(false)
        browser.openNewTab()
        #expect(list.activeWebState?.visibleURL == blank)
        browser.disconnect()
    }

    @Test func mostVisitedIsTheDefaultAndAChoiceKeptInThePrefs() throws {
        #expect(consumer.last?.newTabsShowMostVisited == true)
        mediator.setNewTabsShowMostVisited(false)
        #expect(consumer.last?.newTabsShowMostVisited == false)
        #expect(!profile.prefs.bool(HomePagePrefs.showsMostVisited))
        #expect(try preferencesFile()["ntp"] as? [String: Bool] == ["shortcust_visible": false])
    }

    @Test func anInvalidHomePageShowsWhyAndIsNotSaved() {
        mediator.setHomePage("https://example.test/")
        mediator.setHomePage("two words")
        #expect(consumer.last?.homePageError == "Enter a web address, such as example.com")
        #expect(consumer.last?.homePage == "two words")
        #expect(profile.prefs.string(HomePagePrefs.homePage) == "https://example.test/")
    }

    @Test func theDownloadFolderAndAskingAreSaved() throws {
        mediator.setDownloadDirectory("/data/incoming")
        mediator.setAskWhereToSave(true)
        #expect(consumer.last?.downloadDirectory == "/data/incoming")
        #expect(consumer.last?.askWhereToSave == true)
        let download = try #require(try preferencesFile()["download"] as? [String: Any])
        #expect(download["default_directory"] as? String == "/data/incoming")
        #expect(download["prompt_for_download"] as? Bool == true)
        // The XDG directory is kept as the empty default.
        mediator.setDownloadDirectory("/home/u/Downloads")
        #expect(profile.prefs.isDefault(DownloadPrefs.defaultDirectory))
        #expect(consumer.last?.downloadDirectory == "/home/u/Downloads")
    }

    @Test func theMemorySaverTurnsOffAndBackOnWithItsDelay() throws {
        mediator.setMemorySaverDelay(minutes: 10)
        #expect(MemorySaverPrefs.discardAfter(in: profile.prefs) == .seconds(600))
        mediator.setMemorySaverEnabled(false)
        #expect(MemorySaverPrefs.discardAfter(in: profile.prefs) == nil)
        #expect(consumer.last?.memorySaverEnabled == false)
        #expect(consumer.last?.memorySaverDelayMinutes == 10)
        mediator.setMemorySaverDelay(minutes: 5)
        #expect(MemorySaverPrefs.discardAfter(in: profile.prefs) == nil, "off stays off")
        #expect(consumer.last?.memorySaverDelayMinutes == 5)
        mediator.setMemorySaverEnabled(true)
        #expect(MemorySaverPrefs.discardAfter(in: profile.prefs) == .seconds(300))
        let file = try preferencesFile()
        #expect((file["memory_saver"] as? [String: Any])?["discard_after_seconds"] as? Int == 300)
    }

    @Test func theStyleIsSavedAndAppliedAtOnce() throws {
        let style = RecordingColorSchemeConsumer()
        let colorScheme = ColorSchemeMediator(prefs: profile.prefs)
        colorScheme.consumer = style
        #expect(style.schemes == [.system], "applied at launch")
        mediator.setColorScheme(.dark)
        mediator.setColorScheme(.light)
        #expect(style.schemes == [.system, .dark, .light])
        #expect(consumer.last?.colorScheme == .light)
        let theme = try #require(
            (try preferencesFile()["browser"] as? [String: Any])?["theme"] as? [String: Any])
        #expect(theme["color_scheme2"] as? Int == 1)
        colorScheme.disconnect()
        mediator.setColorScheme(.system)
        #expect(style.schemes == [.system, .dark, .light], "nothing after disconnect()")
    }

    @Test func cookiesAndTrackingPreventionApplyToEveryContextAtOnce() throws {
        let regular = profile.webEngineContext
        let incognito = profile.offTheRecordProfile.webEngineContext
        let defaults = WebEnginePrivacySettings(blocksThirdPartyCookies: true, preventsTracking: true)
        #expect(regular.privacySettings == defaults)
        #expect(incognito.privacySettings == defaults)
        #expect(consumer.last?.blocksThirdPartyCookies == true && consumer.last?.preventsTracking == true)

        mediator.setBlocksThirdPartyCookies(false)
        mediator.setPreventsTracking(false)
        let allowed = WebEnginePrivacySettings(blocksThirdPartyCookies: false, preventsTracking: false)
        #expect(regular.privacySettings == allowed)
        #expect(incognito.privacySettings == allowed, "incognito follows its regular profile")
        #expect(consumer.last?.blocksThirdPartyCookies == false && consumer.last?.preventsTracking == false)
        let file = try preferencesFile()
        #expect((file["profile"] as? [String: Any])?["cookie_controls_mode"] as? Int == 0)
        #expect((file["tracking_prevention"] as? [String: Any])?["enabled"] as? Bool == false)

        // Chromium's "block in incognito only", set elsewhere (sync).
        profile.prefs.set(PrivacyPrefs.cookieControlsMode, .int(2))
        #expect(regular.privacySettings.blocksThirdPartyCookies == false)
        #expect(incognito.privacySettings.blocksThirdPartyCookies == true)
    }

    @Test func fontsApplyToTheEngineAtOnce() throws {
        _ = profile.webEngineContext
        #expect(engine.fontSettings == WebEngineFontSettings())
        mediator.setFont("DejaVu Serif", for: .serif)
        mediator.setFont("Sans", for: .sansSerif)
        mediator.setMinimumFontSize(14)
        #expect(engine.fontSettings == WebEngineFontSettings(serifFamily: "DejaVu Serif", minimumSize: 14))
        #expect(consumer.last?.fonts[.serif] == "DejaVu Serif")
        #expect(consumer.last?.fonts[.sansSerif] == "", "the generic family is the default")
        #expect(consumer.last?.minimumFontSize == 14)
        let webprefs = try #require(
            (try preferencesFile()["webkit"] as? [String: Any])?["webprefs"] as? [String: Any])
        #expect(webprefs["minimum_font_size"] as? Int == 14)
        #expect(
            ((webprefs["fonts"] as? [String: Any])?["serif"] as? [String: Any])?["Zyyy"] as? String
                == "DejaVu Serif")
    }

    @Test func theDefaultZoomIsKeptAsChromiumsLevelAndAppliesToEveryContextAtOnce() throws {
        let regular = profile.webEngineContext
        let incognito = profile.offTheRecordProfile.webEngineContext
        let tab = WebState(params: .init(context: regular))
        let zoomed = WebState(params: .init(context: regular))
        zoomed.zoomLevel = 0.8
        #expect(consumer.last?.defaultZoom == 1)
        #expect(consumer.last?.zoomFactors.contains(1.25) == true)

        mediator.setDefaultZoom(1.25)

        #expect(regular.defaultPageZoom.factor == 1.25)
        #expect(incognito.defaultPageZoom.factor == 1.25, "incognito follows its regular profile")
        #expect(tab.zoomLevel == 1.25 && zoomed.zoomLevel == 0.8)
        #expect(consumer.last?.defaultZoom == 1.25)
        let partition = try #require(try preferencesFile()["partition"] as? [String: Any])
        let level = try #require(partition["default_zoom_level"] as? Double)
        #expect(abs(level - log(1.25) / log(1.2)) < 1e-9, "Chromium's zoom level, not a factor")
        tab.close()
        zoomed.close()
    }

    /// | stored level | factor read |
    @Test(arguments: [(0.0, 1.0), (1.0, 1.2), (-1.0, 0.8333), (100.0, 5.0), (-100.0, 0.25)])
    func aStoredLevelReadsAsAFactorInTheZoomRange(level: Double, factor: Double) {
        profile.prefs.set(ZoomPrefs.defaultZoomLevel, .double(level))
        #expect(ZoomPrefs.defaultFactor(in: profile.prefs) == factor)
        #expect(profile.webEngineContext.defaultPageZoom.factor == factor)
    }

    @Test func aDelayOfNoMinutesFailsNamingTheMethod() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let registry = PrefRegistry()
                PreferencesMediatorTests.registerPrefs(in: registry)
                let mediator = PreferencesMediator(
                    prefs: PrefService(registry: registry), defaultDownloadDirectory: "/d")
                mediator.setMemorySaverDelay(minutes: 0)
            }
        }.expectPreconditionMessage("PreferencesMediator.setMemorySaverDelay: 0 minutes is not a delay")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let registry = PrefRegistry()
                PreferencesMediatorTests.registerPrefs(in: registry)
                let mediator = PreferencesMediator(
                    prefs: PrefService(registry: registry), defaultDownloadDirectory: "/d")
                mediator.setDefaultZoom(0)
            }
        }.expectPreconditionMessage("PreferencesMediator.setDefaultZoom: 0.0 is not a zoom factor")
    }

    @Test func aCommandAfterDisconnectFailsNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let registry = PrefRegistry()
                PreferencesMediatorTests.registerPrefs(in: registry)
                let mediator = PreferencesMediator(
                    prefs: PrefService(registry: registry), defaultDownloadDirectory: "/d")
                mediator.disconnect()
                mediator.selectSearchEngine("google")
            }
        }.expectPreconditionMessage("PreferencesMediator.selectSearchEngine(_:) used after disconnect()")
    }
}
