import Application
import CAdwaita
import CGTK
import Commands
import Foundation
import GLibSupport
import Mediators
import TabModel
import UIInterfaces
import ViewControllers
import Web

/// One browser window (Chromium's SceneController for one scene): its ``SceneState`` and the
/// scene's `Browser` (tabs, dispatcher, broadcaster), the window's view
/// controller and the child coordinators of its parts (tab strip, toolbar, location bar,
/// content, find bar). It handles ``BrowserCommands``: the ones that change tabs go to its
/// ``BrowserMediator``, the ones that only change the window (focus the location bar,
/// fullscreen) to the view controllers. What shows in fullscreen goes through the Browser's
/// broadcaster: the window view controller publishes the window's state, a
/// ``FullscreenMediator`` decides, the window and the tab strip follow. A
/// ``DownloadsMediator`` lists the profile's downloads under way in the window (and handles
/// their ``DownloadsCommands``) and shows those that ended as toasts; a ``WindowTitleMediator``
/// titles the window after its active tab; a ``BlockedPopupMediator`` shows the pop-ups the
/// active tab's page was refused in an info bar (whose Open and close buttons this coordinator
/// passes back to it).
///
/// It maps the GTK window's state onto its scene's activation level (focused:
/// foreground-active, shown: foreground-inactive, minimized or hidden: background) and shows
/// info bars. What the window asks of the application (``SceneCommands``: new windows, moving
/// tabs, reopening what was closed) goes from its dispatcher to the application's
/// ``SceneMediator``, and the windows that opens are the app coordinator's.
@MainActor
final class BrowserCoordinator: Coordinator, BrowserCommands, InfoBarCommands {
    /// The window's state in the application layer.
    let scene: SceneState
    /// The window's model.
    var browser: Browser { scene.browser }
    /// The page new tabs open with.
    let startPageURL: URL
    /// Called once the window has closed (by the user, or its last tab closed).
    var onClosed: (@MainActor () -> Void)?
    /// Called once, when the first page of the window has loaded.
    var onFirstPageLoaded: (@MainActor () -> Void)?

    private weak var appState: AppState?
    private let sceneMediator: SceneMediator
    private var sceneCommands: SceneCommandHandler?
    private var infoBar: InfoBarViewController?
    private var recentlyClosed: RecentlyClosedMediator?
    private var activation: WindowActivationTracker?
    private let makeWindow: @MainActor () -> UnsafeMutablePointer<GtkWidget>
    private weak var applicationCommands: (any ApplicationCommands)?
    private var window: UnsafeMutablePointer<GtkWidget>?
    private var windowViewController: BrowserWindowViewController?
    private var mediator: BrowserMediator?
    private var downloads: DownloadsMediator?
    private var windowTitle: WindowTitleMediator?
    private var blockedPopups: BlockedPopupMediator?
    private var fullscreen: FullscreenMediator?
    private var locationBar: LocationBarCoordinator?
    private var firstLoad: FirstPageLoadObserver?
    private var emptyList: WebStateListEmptyObserver?
    private var isClosing = false
    private var closeRequest: SignalConnection?
    private var tabSwitchTimer: TabSwitchTimer?

    /// Whether the window is an incognito one.
    var isIncognito: Bool { browser.kind == .incognito }

    init(
        scene: SceneState, appState: AppState, sceneMediator: SceneMediator,
        makeWindow: @escaping @MainActor () -> UnsafeMutablePointer<GtkWidget>,
        applicationCommands: any ApplicationCommands, startPageURL: URL
    ) {
        self.scene = scene
        self.appState = appState
        self.sceneMediator = sceneMediator
        self.makeWindow = makeWindow
        self.applicationCommands = applicationCommands
        self.startPageURL = startPageURL
        super.init()
    }

    override func start() {
        super.start()
        let dispatcher = browser.commandDispatcher
        let list = browser.webStateList
        if EventLog.isEnabled {
            tabSwitchTimer = TabSwitchTimer(webStateList: list) { [weak self] in self?.window }
        }
        let profile = browser.profile
        let mediator = BrowserMediator(webStateList: list, startPageURL: startPageURL) {
            WebState(params: .init(context: profile.webEngineContext, url: $0))
        }
        self.mediator = mediator
        dispatcher.startDispatching((any BrowserCommands).self, to: self)
        dispatcher.startDispatching((any InfoBarCommands).self, to: self)
        let sceneCommands = sceneMediator.handler(for: scene)
        dispatcher.startDispatching((any SceneCommands).self, to: sceneCommands)
        self.sceneCommands = sceneCommands
        if let applicationCommands {
            dispatcher.startDispatching((any ApplicationCommands).self, to: applicationCommands)
        }

        let tabStrip = TabStripCoordinator(scene: scene, sceneMediator: sceneMediator)
        tabStrip.faviconLoader = profile.userData.getOrCreate(FaviconLoader.userDataKey) {
            FaviconLoader(context: profile.webEngineContext)
        }
        let toolbar = ToolbarCoordinator(webStateList: list, dispatcher: dispatcher)
        let locationBar = LocationBarCoordinator(
            webStateList: list, prefs: profile.prefs, dispatcher: dispatcher)
        let content = ContentCoordinator(webStateList: list, dispatcher: dispatcher)
        let findBar = FindBarCoordinator(webStateList: list, dispatcher: dispatcher)
        for child in [tabStrip, toolbar, locationBar, content, findBar] as [Coordinator] { startChild(child) }
        self.locationBar = locationBar

        let window = makeWindow()
        self.window = window
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_default_size(gtkWindow, 1280, 800)
        // The window's close button: the window closes through the coordinator, which
        // closes its tabs and stops its parts first.
        closeRequest = SignalConnection.connect(UnsafeMutableRawPointer(window), signal: "close-request") {
            [weak self] arguments in
            arguments.setReturnValue(true)
            self?.closeWindow()
        }
        let windowViewController = BrowserWindowViewController(
            window: gtkWindow,
            browser: dispatcher.sender(for: (any BrowserCommands).self),
            application: dispatcher.sender(for: (any ApplicationCommands).self),
            tabStrip: dispatcher.sender(for: (any TabStripCommands).self),
            navigation: dispatcher.sender(for: (any NavigationCommands).self),
            findInPage: dispatcher.sender(for: (any FindInPageCommands).self),
            scene: dispatcher.sender(for: (any SceneCommands).self),
            downloads: dispatcher.sender(for: (any DownloadsCommands).self))
        windowViewController.toolbar = toolbar.viewController
        windowViewController.locationBar = locationBar.viewController
        windowViewController.tabStrip = tabStrip.viewController
        windowViewController.content = content.viewController
        windowViewController.findBar = findBar.viewController
        if isIncognito { windowViewController.showIncognitoStyle() }
        // Fullscreen through the broadcaster: the window publishes its state, the mediator
        // decides what shows, the window and the tab strip follow.
        windowViewController.connect(to: browser.broadcaster)
        fullscreen = FullscreenMediator(broadcaster: browser.broadcaster)
        let infoBar = InfoBarViewController(infoBar: dispatcher.sender(for: (any InfoBarCommands).self))
        windowViewController.infoBar = infoBar
        self.infoBar = infoBar
        let blockedPopups = BlockedPopupMediator(webStateList: list)
        blockedPopups.consumer = infoBar
        self.blockedPopups = blockedPopups
        self.windowViewController = windowViewController
        if let appState {
            let recentlyClosed = RecentlyClosedMediator(
                tabRestore: appState.sessionServices.tabRestore(for: scene.profile))
            recentlyClosed.canRestorePreviousSession = appState.hasCrashedScenes
            recentlyClosed.consumer = windowViewController
            self.recentlyClosed = recentlyClosed
        }
        scene.setActivationLevel(.background)
        activation = WindowActivationTracker(window: gtkWindow) { [weak self] activation in
            self?.windowActivationChanged(activation)
        }
        let windowTitle = WindowTitleMediator(webStateList: list, isIncognito: isIncognito)
        windowTitle.consumer = windowViewController
        self.windowTitle = windowTitle
        let downloads = DownloadsMediator(context: profile.webEngineContext)
        downloads.consumer = windowViewController
        dispatcher.startDispatching((any DownloadsCommands).self, to: downloads)
        self.downloads = downloads
        firstLoad = FirstPageLoadObserver(webStateList: list) { [weak self] in
            EventLog.record("first-page-loaded")
            self?.onFirstPageLoaded?()
        }
        emptyList = WebStateListEmptyObserver(webStateList: list) { [weak self] in self?.closeWindow() }
    }

    override func stop() {
        // The window's UI goes: its session is saved now if it was used since its last save
        // (Chromium's SessionSavingSceneAgent, `ios/chrome/browser/sessions/model/README.md`).
        for case let agent as SessionSavingSceneAgent in scene.allAgents { agent.saveSessionsIfNeeded() }
        let dispatcher = browser.commandDispatcher
        dispatcher.stopDispatching(for: (any BrowserCommands).self)
        dispatcher.stopDispatching(for: (any InfoBarCommands).self)
        dispatcher.stopDispatching(for: (any SceneCommands).self)
        sceneCommands = nil
        activation?.stop()
        activation = nil
        recentlyClosed?.disconnect()
        recentlyClosed = nil
        infoBar = nil
        if dispatcher.isDispatching(for: (any ApplicationCommands).self) {
            dispatcher.stopDispatching(for: (any ApplicationCommands).self)
        }
        firstLoad = nil
        tabSwitchTimer?.stop()
        tabSwitchTimer = nil
        emptyList = nil
        mediator?.disconnect()
        mediator = nil
        if dispatcher.isDispatching(for: (any DownloadsCommands).self) {
            dispatcher.stopDispatching(for: (any DownloadsCommands).self)
        }
        downloads?.disconnect()
        downloads = nil
        windowTitle?.disconnect()
        windowTitle = nil
        blockedPopups?.disconnect()
        blockedPopups = nil
        fullscreen?.disconnect()
        fullscreen = nil
        windowViewController?.disconnect(from: browser.broadcaster)
        super.stop()
        closeRequest?.cancel()
        closeRequest = nil
        windowViewController = nil
        if let window {
            gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
        }
        window = nil
        EventLog.record("window-closed")
        locationBar = nil
    }

    /// Shows the window and brings it to the front.
    func present() {
        guard let window else { return }
        gtk_window_present(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
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
    func showInfoBar(_ item: InfoBarItem) {
        infoBar?.showInfoBar(item)
        EventLog.record("info-bar", item.kind.rawValue)
    }

    /// Hides the info bar of `kind`, if shown.
    func hideInfoBar(_ kind: InfoBarKind) { infoBar?.hideInfoBar(kind) }

    /// Offers (or stops offering) "Restore Previous Session" in the menu.
    func setCanRestorePreviousSession(_ can: Bool) { recentlyClosed?.canRestorePreviousSession = can }

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
        let about = adw_about_window_new()!
        let aboutWindow = UnsafeMutableRawPointer(about).assumingMemoryBound(to: GtkWindow.self)
        adw_about_window_set_application_name(OpaquePointer(about), "Swiftlet")
        adw_about_window_set_version(OpaquePointer(about), "0.1.0")
        adw_about_window_set_comments(
            OpaquePointer(about), "A web browser for Linux, written in Swift on WebKit.")
        adw_about_window_set_license_type(OpaquePointer(about), GTK_LICENSE_CUSTOM)
        gtk_window_set_transient_for(
            aboutWindow, UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
        gtk_window_present(aboutWindow)
    }

    /// Asks for the window to close (the user closed it, or its last tab closed): its parent
    /// stops this coordinator, which destroys the window.
    func closeWindow() {
        guard !isClosing else { return }
        isClosing = true
        onClosed?()
    }

    // MARK: BrowserCommands

    func openNewTab() { mediator?.openNewTab() }

    func closeCurrentTab() { mediator?.closeCurrentTab() }

    func focusLocationBar() { locationBar?.focus() }

    func zoomIn() { mediator?.zoomIn() }

    func zoomOut() { mediator?.zoomOut() }

    func resetZoom() { mediator?.resetZoom() }

    func printPage() {
        EventLog.record("print")
        mediator?.printActivePage()
    }

    func toggleFullscreen() {
        guard let window else { return }
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        if gtk_window_is_fullscreen(gtkWindow) != 0 {
            gtk_window_unfullscreen(gtkWindow)
        } else {
            gtk_window_fullscreen(gtkWindow)
        }
    }

    // MARK: InfoBarCommands

    /// The blocked pop-ups' Open goes to their mediator, the crashed session's Restore to the
    /// scene mediator; a Dismiss button only closes its bar.
    func infoBarButtonActivated(_ kind: InfoBarKind, button: InfoBarButtonKind) {
        switch (kind, button) {
        case (.blockedPopup, .open): blockedPopups?.openBlockedPopups()
        case (.crashedSession, .restore): sceneCommands?.restorePreviousSession()
        default: break
        }
    }

    func infoBarDismissed(_ kind: InfoBarKind) {
        EventLog.record("info-bar-dismissed", kind.rawValue)
        if kind == .blockedPopup { blockedPopups?.dismissBlockedPopups() }
    }

}
