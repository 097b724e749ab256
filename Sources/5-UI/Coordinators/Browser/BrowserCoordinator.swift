import Application
import Bookmarks
import CGTK
import Commands
import Foundation
import GLibSupport
import GTKSupport
import History
import Mediators
import Prerender
import TabModel
import UIInterfaces
import ViewControllers
import Web

/// One browser window (Chromium's SceneController for one scene): its ``SceneState`` and the
/// scene's `Browser` (tabs, dispatcher, broadcaster), the GTK window and its view controller,
/// and a child coordinator per part of the window, each with the same name as its folder in
/// the other UI layers: tab strip, toolbar, location bar, content, find bar, info bars,
/// recently closed, downloads, fullscreen, the window's title. Each registers what it
/// handles on the window's dispatcher and undoes it when it stops (``FeatureCoordinator``).
///
/// It handles ``BrowserCommands``: the ones that change tabs go to its ``BrowserMediator``,
/// focusing the location bar and fullscreen to the children. What the window asks of the
/// application (``SceneCommands``: new windows, moving tabs, reopening what was closed) goes
/// from its dispatcher to the application's ``SceneMediator``, and the windows that opens
/// are the app coordinator's. It maps the GTK window's state onto its scene's activation
/// level (focused: foreground-active, shown: foreground-inactive, minimized or hidden:
/// background), and tells its ``delegate`` when the window should close.
@MainActor
final class BrowserCoordinator: FeatureCoordinator, BrowserCommands {
    /// The window's state in the application layer.
    let scene: SceneState
    /// The window's model.
    var browser: Browser { scene.browser }
    /// The page new tabs open with.
    let startPageURL: URL
    weak var delegate: (any BrowserCoordinatorDelegate)?

    private weak var appState: AppState?
    private let sceneMediator: SceneMediator
    private let makeWindow: @MainActor () -> WindowHandle
    private let tabStripRegistry: TabStripRegistry
    private weak var applicationCommands: (any ApplicationCommands)?
    private var window: WindowHandle?
    private var windowViewController: BrowserWindowViewController?
    private var mediator: BrowserMediator?
    private var locationBar: LocationBarCoordinator?
    private var bookmarkStar: BookmarkStarCoordinator?
    private var infoBar: InfoBarCoordinator?
    private var recentlyClosed: RecentlyClosedCoordinator?
    private var fullscreen: FullscreenCoordinator?
    private var history: HistoryCoordinator?
    private var bookmarksWindow: BookmarksWindowCoordinator?
    private var clearBrowsingData: ClearBrowsingDataCoordinator?
    private var importer: ImportCoordinator?
    private var about: AboutViewController?
    private var isClosing = false

    /// Whether the window is an incognito one.
    var isIncognito: Bool { browser.kind == .incognito }

    /// The window of `scene`, made by `makeWindow` when it starts; what it asks of the
    /// application goes to `sceneMediator` and `applicationCommands`. Its tab strip joins
    /// `tabStripRegistry`, the application's strips, which tabs are dragged between.
    init(
        scene: SceneState, appState: AppState, sceneMediator: SceneMediator,
        makeWindow: @escaping @MainActor () -> WindowHandle, applicationCommands: any ApplicationCommands,
        startPageURL: URL, tabStripRegistry: TabStripRegistry
    ) {
        self.tabStripRegistry = tabStripRegistry
        self.scene = scene
        self.appState = appState
        self.sceneMediator = sceneMediator
        self.makeWindow = makeWindow
        self.applicationCommands = applicationCommands
        self.startPageURL = startPageURL
        super.init(webStateList: scene.browser.webStateList, dispatcher: scene.browser.commandDispatcher)
    }

    override func start() {
        super.start()
        if EventLog.isEnabled {
            // First, so that the mediators' work on a switch is inside its measurement.
            let timer = TabSwitchTimer(webStateList: webStateList) { [weak self] in self?.window?.widget }
            onStop { timer.stop() }
        }
        startModel()
        let window = makeWindow()
        self.window = window
        gtk_window_set_default_size(window.gtkWindow, 1280, 800)
        let windowViewController = makeWindowViewController(window)
        startParts(of: windowViewController, in: window)
        // A new window on the new tab page takes typing in its location entry once it is
        // mapped (the focus is set now, before it is shown).
        if webStateList.activeWebState?.isVisibleURLNewTabPage == true { locationBar?.focusForNewTab() }
        watch(window)
    }

    /// The window's commands and the observers of its tabs.
    private func startModel() {
        let profile = browser.profile
        let mediator = BrowserMediator(
            webStateList: webStateList, startPageURL: startPageURL,
            newTabPrefs: profile.prefs.registry.isRegistered(HomePagePrefs.homePage) ? profile.prefs : nil
        ) {
            WebState(params: .init(context: profile.webEngineContext, url: $0))
        }
        onStop { mediator.disconnect() }
        self.mediator = mediator
        register((any BrowserCommands).self, to: self)
        register((any SceneCommands).self, to: sceneMediator.handler(for: scene))
        if let applicationCommands { register((any ApplicationCommands).self, to: applicationCommands) }
        let firstLoad = FirstPageLoadObserver(webStateList: webStateList) { [weak self] in
            EventLog.record("first-page-loaded")
            guard let self else { return }
            delegate?.browserCoordinatorDidLoadFirstPage(self)
        }
        let emptyList = WebStateListEmptyObserver(webStateList: webStateList) { [weak self] in
            self?.closeWindow()
        }
        onStop { withExtendedLifetime((firstLoad, emptyList)) {} }
    }

    private func makeWindowViewController(_ window: WindowHandle) -> BrowserWindowViewController {
        let windowViewController = BrowserWindowViewController(
            window: window.gtkWindow,
            browser: dispatcher.sender(for: (any BrowserCommands).self),
            application: dispatcher.sender(for: (any ApplicationCommands).self),
            tabStrip: dispatcher.sender(for: (any TabStripCommands).self),
            navigation: dispatcher.sender(for: (any NavigationCommands).self),
            findInPage: dispatcher.sender(for: (any FindInPageCommands).self),
            scene: dispatcher.sender(for: (any SceneCommands).self))
        if isIncognito { windowViewController.showIncognitoStyle() }
        return windowViewController
    }

    /// Starts a child coordinator per part of the window and places their view controllers.
    private func startParts(of windowViewController: BrowserWindowViewController, in window: WindowHandle) {
        let profile = browser.profile
        let tabStrip = TabStripCoordinator(
            scene: scene, sceneMediator: sceneMediator, registry: tabStripRegistry)
        let faviconLoader = profile.userData.getOrCreate(FaviconLoader.userDataKey) {
            FaviconLoader(context: profile.webEngineContext)
        }
        tabStrip.faviconLoader = faviconLoader
        let toolbar = ToolbarCoordinator(webStateList: webStateList, dispatcher: dispatcher)
        let prerender = appState?.prerenderServices.service(for: profile).map {
            PrerenderBrowserAgent.attach(to: browser, service: $0)
        }
        let locationBar = LocationBarCoordinator(
            webStateList: webStateList, prefs: profile.prefs, dispatcher: dispatcher, profile: profile,
            history: appState?.historyServices.service(for: profile),
            bookmarks: appState?.bookmarkModels.model(for: profile), prerender: prerender
        ) { [weak self] in self?.present() }
        let content = ContentCoordinator(webStateList: webStateList, dispatcher: dispatcher)
        let findBar = FindBarCoordinator(webStateList: webStateList, dispatcher: dispatcher)
        let infoBar = InfoBarCoordinator(webStateList: webStateList, dispatcher: dispatcher)
        let announcements = profile.originalProfile.userData.getOrCreate(ProblemAnnouncements.userDataKey) {
            ProblemAnnouncements()
        }
        if let history = appState?.historyServices.service(for: profile) {
            infoBar.history = (history, announcements)
        }
        if let bookmarks = appState?.bookmarkModels.model(for: profile) {
            infoBar.bookmarks = (bookmarks, announcements)
        }
        let fullscreen = FullscreenCoordinator(
            window: window, layout: windowViewController, broadcaster: browser.broadcaster,
            webStateList: webStateList, dispatcher: dispatcher)
        var parts: [Coordinator] = [tabStrip, toolbar, locationBar, content, findBar, infoBar, fullscreen]
        let saveFileDialog = SaveFileDialog(window: window.gtkWindow)
        let downloads = appState.map { appState in
            DownloadsCoordinator(
                history: appState.downloadHistories.history(for: profile), profile: profile,
                saveFileChooser: saveFileDialog, launcher: DesktopFileLauncher(),
                clock: appState.context.clock,
                toasts: windowViewController, webStateList: webStateList, dispatcher: dispatcher)
        }
        if let downloads { parts.append(downloads) }
        parts.append(ContextMenuCoordinator(browser: browser, saveFileChooser: saveFileDialog))
        if let appState {
            let recentlyClosed = RecentlyClosedCoordinator(
                tabRestore: appState.sessionServices.tabRestore(for: scene.profile),
                canRestorePreviousSession: appState.hasCrashedScenes, commandUpdater: windowViewController,
                webStateList: webStateList, dispatcher: dispatcher)
            parts.append(recentlyClosed)
            self.recentlyClosed = recentlyClosed
        }
        var pageInfo: PageInfoCoordinator?
        if let appState {
            pageInfo = PageInfoCoordinator(
                map: appState.contentSettings.map(for: browser.profile), webStateList: webStateList,
                dispatcher: dispatcher)
        }
        parts.append(
            WindowTitleCoordinator(
                isIncognito: isIncognito, consumer: windowViewController, webStateList: webStateList,
                dispatcher: dispatcher))
        var newTabPage: NewTabPageCoordinator?
        if isIncognito {
            newTabPage = NewTabPageCoordinator(webStateList: webStateList, dispatcher: dispatcher)
        } else if let history = appState?.historyServices.service(for: profile),
            profile.prefs.registry.isRegistered(HomePagePrefs.showsMostVisited)
        {
            let page = NewTabPageCoordinator(webStateList: webStateList, dispatcher: dispatcher)
            page.mostVisited = .init(history: history, prefs: profile.prefs, faviconLoader: faviconLoader)
            newTabPage = page
        }
        if let newTabPage { parts.append(newTabPage) }
        parts.append(
            DesktopNotificationCoordinator(webStateList: webStateList, dispatcher: dispatcher) {
                [weak self] in
                self?.present()
            })
        if let pageInfo { parts.append(pageInfo) }
        let bookmarksMenu = appState.map { appState in
            BookmarksMenuCoordinator(
                model: appState.bookmarkModels.model(for: profile),
                webStateFactory: { WebState(params: .init(context: profile.webEngineContext, url: $0)) },
                webStateList: webStateList, dispatcher: dispatcher)
        }
        if let bookmarksMenu { parts.append(bookmarksMenu) }
        if let appState {
            let clearBrowsingData = ClearBrowsingDataCoordinator(
                remover: appState.browsingDataRemover(for: profile), toasts: windowViewController,
                webStateList: webStateList, dispatcher: dispatcher)
            parts.append(clearBrowsingData)
            self.clearBrowsingData = clearBrowsingData
            if let history = appState.historyServices.service(for: profile.originalProfile) {
                let importer = ImportCoordinator(
                    appState: appState, profile: profile.originalProfile, history: history,
                    webStateList: webStateList, dispatcher: dispatcher)
                parts.append(importer)
                self.importer = importer
            }
        }
        for part in parts { startChild(part) }
        if let appState, let entry = locationBar.viewController {
            let bookmarkStar = BookmarkStarCoordinator(
                model: appState.bookmarkModels.model(for: profile), entry: entry,
                toasts: windowViewController,
                webStateList: webStateList, dispatcher: dispatcher)
            startChild(bookmarkStar)
            self.bookmarkStar = bookmarkStar
        }
        windowViewController.toolbar = toolbar.viewController
        windowViewController.mainMenuZoom = toolbar.viewController?.zoomControl
        windowViewController.locationBar = locationBar.viewController
        windowViewController.pageInfo = pageInfo?.viewController
        windowViewController.tabStrip = tabStrip.viewController
        windowViewController.content = content.viewController
        windowViewController.newTabPage = newTabPage?.viewController
        windowViewController.findBar = findBar.viewController
        windowViewController.infoBar = infoBar.viewController
        windowViewController.fullscreen = fullscreen.viewController
        windowViewController.downloads = downloads?.viewController
        windowViewController.bookmarksMenu = bookmarksMenu?.viewController
        windowViewController.recentlyClosed = recentlyClosed?.viewController
        self.locationBar = locationBar
        self.infoBar = infoBar
        self.fullscreen = fullscreen
        self.windowViewController = windowViewController
    }

    /// Follows the window: its close button closes it through the coordinator (which closes
    /// its tabs and stops its parts first), its state sets the scene's activation level.
    private func watch(_ window: WindowHandle) {
        let closeRequest = SignalConnection.connect(window.rawPointer, signal: "close-request") {
            [weak self] arguments in
            arguments.setReturnValue(true)
            self?.closeWindow()
        }
        scene.setActivationLevel(.background)
        let activation = WindowActivationTracker(window: window.gtkWindow) { [weak self] activation in
            self?.windowActivationChanged(activation)
        }
        onStop {
            activation.stop()
            closeRequest.cancel()
        }
    }

    override func stop() {
        // The window's UI goes: its session is saved now if it was used since its last save
        // (Chromium's SessionSavingSceneAgent, `ios/chrome/browser/sessions/model/README.md`).
        for case let agent as SessionSavingSceneAgent in scene.allAgents { agent.saveSessionsIfNeeded() }
        super.stop()
        mediator = nil
        locationBar = nil
        bookmarkStar = nil
        infoBar = nil
        recentlyClosed = nil
        history = nil
        bookmarksWindow = nil
        clearBrowsingData = nil
        importer = nil
        fullscreen = nil
        about = nil
        windowViewController = nil
        window?.destroy()
        window = nil
        EventLog.record("window-closed")
    }

    /// Shows the window and brings it to the front.
    func present() {
        guard let window else { return }
        window.present()
        EventLog.record("window-shown", isIncognito ? "incognito" : "regular")
    }

    /// Maps the window's state onto the scene's activation level; a closed window's scene is
    /// closed by the application layer, not here.
    private func windowActivationChanged(_ activation: WindowActivation) {
        guard !scene.isClosed else { return }
        switch activation {
        case .focused: scene.setActivationLevel(.foregroundActive)
        case .visible: scene.setActivationLevel(.foregroundInactive)
        case .hidden: scene.setActivationLevel(.background)
        case .closed: break
        }
    }

    /// Shows `item` in the window's info bars.
    func showInfoBar(_ item: InfoBarItem) { infoBar?.show(item) }

    /// Hides the info bar of `kind`, if shown.
    func hideInfoBar(_ kind: InfoBarKind) { infoBar?.hide(kind) }

    /// Offers (or stops offering) "Restore Previous Session" in the menu.
    func setCanRestorePreviousSession(_ can: Bool) { recentlyClosed?.setCanRestorePreviousSession(can) }

    /// Opens `urls` as new tabs, the last one selected.
    func openTabs(_ urls: [URL]) { mediator?.openTabs(urls) }

    /// Writes a PNG of the window once its next frames are drawn.
    func saveScreenshot(to path: String, completion: @escaping @MainActor (Bool) -> Void) {
        guard let window else { return completion(false) }
        WindowSnapshot.save(window, to: path, completion: completion)
    }

    /// Shows the about window over this one.
    func showAbout() {
        guard let window else { return }
        let about = AboutViewController(
            applicationName: "Swiftlet", version: "0.1.0",
            comments: "A web browser for Linux, written in Swift on WebKit.")
        about.present(over: window.rawPointer)
        self.about = about
    }

    /// The GTK window (a `GtkWindow *`, while started), for an application dialog over it.
    var windowPointer: UnsafeMutableRawPointer? { window?.rawPointer }

    /// The user chose not to quit now (Cancel, or Wait for the downloads): the window may ask
    /// to close again, and one that asked because its last tab closed gets a new tab.
    func stayedOpenAfterQuitQuestion() {
        isClosing = false
        if scene.browser.webStateList.isEmpty { mediator?.openNewTab() }
    }

    /// Asks the delegate, once, for the window to close (the user closed it, or its last tab
    /// closed).
    func closeWindow() {
        guard !isClosing else { return }
        isClosing = true
        delegate?.browserCoordinatorDidRequestClose(self)
    }

    // MARK: BrowserCommands

    /// The new tab's location entry has the focus before the keys that follow the command
    /// are handled, so that what is typed at once goes there (Chromium focuses the omnibox
    /// of a new tab page, `OpenNewTabCommand`'s `shouldFocusOmnibox`); a tab opening the home
    /// page leaves the focus to the page.
    func openNewTab() {
        mediator?.openNewTab()
        if webStateList.activeWebState?.isVisibleURLNewTabPage == true { locationBar?.focusForNewTab() }
    }

    func closeCurrentTab() { mediator?.closeCurrentTab() }

    func focusLocationBar() { locationBar?.focus() }

    func zoomIn() { mediator?.zoomIn() }

    func zoomOut() { mediator?.zoomOut() }

    func resetZoom() { mediator?.resetZoom() }

    func printPage() {
        EventLog.record("print")
        mediator?.printActivePage()
    }

    func toggleFullscreen() { fullscreen?.toggle() }

    func showInspector() { mediator?.showInspectorForActivePage() }

    func viewSource() { mediator?.viewSourceOfActivePage() }

    func showKeyboardShortcuts() { windowViewController?.showKeyboardShortcuts() }

    func showClearBrowsingData() { clearBrowsingData?.present(over: window?.rawPointer) }

    func bookmarkCurrentPage() { bookmarkStar?.bookmarkCurrentPage() }
    func showImport() { importer?.present(over: window?.rawPointer) }

    /// Starts the History window on first use; it stops when the user closes it.
    func showHistory() {
        if history == nil, let service = appState?.historyServices.service(for: browser.profile) {
            let history = HistoryCoordinator(
                service: service, faviconLoader: faviconLoader, webStateFactory: newTabFactory,
                webStateList: webStateList, dispatcher: dispatcher, onClose: stopOnClose(\.history))
            startChild(history)
            self.history = history
        }
        history?.present(over: window?.rawPointer)
    }

    /// Starts the Bookmarks window on first use; it stops when the user closes it.
    func showBookmarks() {
        if bookmarksWindow == nil, let model = appState?.bookmarkModels.model(for: browser.profile) {
            let bookmarksWindow = BookmarksWindowCoordinator(
                model: model, faviconLoader: faviconLoader, webStateFactory: newTabFactory,
                webStateList: webStateList, dispatcher: dispatcher, onClose: stopOnClose(\.bookmarksWindow))
            startChild(bookmarksWindow)
            self.bookmarksWindow = bookmarksWindow
        }
        bookmarksWindow?.present(over: window?.rawPointer)
    }

    /// The profile's favicons, for the library windows.
    private var faviconLoader: FaviconLoader {
        let profile = browser.profile
        return profile.userData.getOrCreate(FaviconLoader.userDataKey) {
            FaviconLoader(context: profile.webEngineContext)
        }
    }

    /// New tabs of the window's profile, for the library windows.
    private var newTabFactory: WebStateFactory {
        let context = browser.profile.webEngineContext
        return { WebState(params: .init(context: context, url: $0)) }
    }

    /// What a library window's coordinator at `keyPath` does when the user closes the window:
    /// it is forgotten at once, and stopped after the close request (which destroys the window).
    private func stopOnClose<Child: Coordinator>(
        _ keyPath: ReferenceWritableKeyPath<BrowserCoordinator, Child?>
    ) -> @MainActor () -> Void {
        { [weak self] in
            guard let self, let closed = self[keyPath: keyPath] else { return }
            self[keyPath: keyPath] = nil
            GLibMainLoop.addIdle { [weak self] in
                if closed.isStarted { self?.stopChild(closed) }
            }
        }
    }
}
