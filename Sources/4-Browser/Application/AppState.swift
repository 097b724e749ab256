public import Base
public import Bookmarks
public import ContentSettings
public import Downloads
public import History
public import MemorySaver
public import Prefs
public import Prerender
public import Profiles
public import Sessions
public import TabModel
public import Web

/// The application without its UI (Chromium's AppState): the launch and quit sequences,
/// the windows (``SceneState``s) and what happens to their sessions when they open, close,
/// crash and come back. Everything here runs on the fake engine in tests; the GTK layer
/// makes a window per scene it hears of (``AppStateObserver``) and maps the window's state
/// onto its activation level.
///
/// Launch (``launch(profileName:)``): start the application context (which tells whether
/// the last run crashed); load the profile; after a crash, set every session aside (a
/// hard-linked backup) and record the windows that were open as crashed ones, to restore
/// when the user asks; otherwise delete what incognito windows left; send the sessions of
/// windows closed in an earlier run to recently closed; restore every window open at the
/// last quit, tabs unrealized (the active tab realizes when its window shows it).
///
/// Quit (``quit()``): save every window immediately; forget windows without tabs and
/// incognito windows (they do not come back after a clean quit); close the windows'
/// browsers; end the crash-restore offer; delete the incognito state; shut the keyed
/// services down in dependency order; record the clean exit.
@MainActor
public final class AppState {
    public let context: ApplicationContext
    public let sessionServices: SessionServices
    public let browserLists: BrowserListFactory
    /// The memory saver keyed service (one per profile, started at launch).
    public let memorySavers: MemorySaverFactory
    /// The downloads list keyed service (one per profile, its own for an incognito one).
    public let downloadHistories: DownloadHistoryFactory
    /// The browsing history keyed service (one per profile, in memory for an incognito one).
    public let historyServices: HistoryServiceFactory
    /// The bookmarks keyed service (one per profile; an incognito one uses its profile's).
    public let bookmarkModels: BookmarkModelFactory
    /// The content settings (site permissions) of each profile; every tab gets a
    /// ``PermissionRequestManager`` over its profile's.
    public let contentSettings: HostContentSettingsMapFactory
    /// Each profile's prerender of the location bar's default match (none in incognito).
    public let prerenderServices: PrerenderServiceFactory
    /// The windows, kept in local state for the next launch.
    public let openScenes: OpenSceneRegistry
    /// How far the launch got.
    public internal(set) var initStage: AppInitStage = .start
    /// Whether ``quit()`` began.
    public internal(set) var isTerminating = false
    /// The open windows, oldest first.
    public internal(set) var scenes: [SceneState] = []
    /// The profile new windows open in (known after the launch).
    public internal(set) var profile: Profile?

    var incognitoLifetimes: [ObjectIdentifier: IncognitoSessionLifetime] = [:]
    /// Files the launch could not read, for the first window to report.
    var launchProblemsToReport: [SessionProblem] = []
    let observers = ObserverList<any AppStateObserver>()

    /// An application storing under `userDataDirectory`, on `engine`. `registerProfilePrefs`
    /// registers the prefs of the layers above; `attachTabHelpers` runs for every tab added
    /// to a window. Saves follow changes after `saveDelay`.
    public init(
        userDataDirectory: UserDataDirectory, engine: any WebEngine, clock: any TimerClock,
        mainTaskRunner: any MainTaskRunner = DispatchMainTaskRunner(), isTesting: Bool = false,
        saveDelay: Duration = .milliseconds(2500),
        registerProfilePrefs: (PrefRegistry) -> Void = { _ in },
        attachTabHelpers: @escaping @MainActor (WebState) -> Void = { _ in }
    ) {
        context = ApplicationContext(
            userDataDirectory: userDataDirectory, engine: engine, clock: clock,
            mainTaskRunner: mainTaskRunner,
            isTesting: isTesting, registerLocalStatePrefs: OpenSceneRegistry.registerPrefs,
            registerProfilePrefs: { registry in
                MemorySaverPrefs.register(in: registry)
                HostContentSettingsMap.registerProfilePrefs(registry)
                HistoryPrefs.register(in: registry)
                PrerenderPrefs.register(in: registry)
                registerProfilePrefs(registry)
            })
        sessionServices = SessionServices.register(in: context, saveDelay: saveDelay)
        let contentSettings = HostContentSettingsMapFactory.register(in: context)
        self.contentSettings = contentSettings
        let historyServices = HistoryServiceFactory.register(in: context)
        self.historyServices = historyServices
        bookmarkModels = BookmarkModelFactory.register(in: context)
        let profileManager = context.profileManager
        let attachAllTabHelpers: @MainActor (WebState) -> Void = { webState in
            contentSettings.attachPermissionRequestManager(to: webState)
            historyServices.attachHistoryTabHelper(to: webState, profileManager: profileManager)
            attachTabHelpers(webState)
        }
        browserLists = BrowserListFactory.register(
            in: context.dependencyManager, attachTabHelpers: attachAllTabHelpers)
        prerenderServices = PrerenderServiceFactory.register(
            in: context, history: historyServices, attachTabHelpers: attachAllTabHelpers)
        memorySavers = MemorySaverFactory.register(
            in: context, browserLists: browserLists, sessions: sessionServices)
        downloadHistories = DownloadHistoryFactory.register(in: context)
        openScenes = OpenSceneRegistry(localState: context.localState)
    }
}
