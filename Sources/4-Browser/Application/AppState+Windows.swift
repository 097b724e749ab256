public import Foundation
import Profiles
import Sessions
public import TabModel
public import Web

extension AppState {
    /// Opens a new window (an incognito one when `incognito`) in ``profile``, with a new
    /// session and a tab loading each of `urls` (marked `transition`), the last one active,
    /// and announces it: the tabs come first, so that their pages load while the UI makes the
    /// window. Its UI sets its activation level.
    @discardableResult
    public func openNewScene(
        incognito: Bool = false, urls: [URL] = [], transition: PageTransition = .link
    ) -> SceneState {
        guard let profile else { preconditionFailure("AppState.openNewScene: not launched") }
        precondition(!isTerminating, "AppState.openNewScene: quitting")
        let scene = makeScene(
            profile: incognito ? profile.offTheRecordProfile : profile, sessionID: Self.newSessionID())
        let list = scene.browser.webStateList
        for (index, url) in urls.enumerated() {
            let webState = WebState(params: .init(context: scene.profile.webEngineContext, url: url))
            list.insert(webState, index == urls.count - 1 ? .automatic.activating() : .automatic)
            webState.load(url, transition: transition)
        }
        connect(scene)
        return scene
    }

    /// Opens `url` in the incognito window used last, in a new tab it activates, and
    /// announces it; in a new incognito window when none is open. Chromium's `OFF_THE_RECORD`
    /// disposition does the same (chrome/browser/ui/browser_navigator.cc finds the profile's
    /// last tabbed incognito browser).
    @discardableResult
    public func openInIncognitoWindow(_ url: URL) -> SceneState {
        guard let profile else { preconditionFailure("AppState.openInIncognitoWindow: not launched") }
        precondition(!isTerminating, "AppState.openInIncognitoWindow: quitting")
        let incognito = scenes.filter {
            $0.profile.isOffTheRecord && $0.profile.originalProfile === profile && !$0.isClosed
        }
        guard let scene = incognito.max(by: { $0.lastActivation < $1.lastActivation }) else {
            return openNewScene(incognito: true, urls: [url])
        }
        let webState = WebState(params: .init(context: scene.profile.webEngineContext, url: url))
        scene.browser.webStateList.insert(webState, .automatic.activating())
        webState.load(url)
        observers.forEach { $0.appState(self, openedTabIn: scene) }
        return scene
    }

    static func newSessionID() -> String { UUID().uuidString.lowercased() }

    func restoreScene(_ sessionID: String, profile: Profile, afterCrash: Bool) -> SceneState {
        let scene = makeScene(profile: profile, sessionID: sessionID)
        let service = sessionServices.sessionRestoration(for: profile)
        let before = service.problems.count
        service.loadSession(for: scene.browser, afterCrash: afterCrash)
        scene.restoreProblems += service.problems[before...]
        scene.wasRestored = true
        return scene
    }

    func makeScene(profile: Profile, sessionID: String) -> SceneState {
        let list = browserLists.browserList(for: profile)
        let browser = Browser(
            kind: profile.isOffTheRecord ? .incognito : .regular, profile: profile,
            delegate: list.webStateListDelegate)
        list.add(browser)
        WebStateDelegateBrowserAgent.attach(to: browser).windowOpener = self
        let service = sessionServices.sessionRestoration(for: profile)
        service.setSessionID(sessionID, for: browser)
        sessionServices.tabRestore(for: profile).observe(browser, sessionID: sessionID)
        let scene = SceneState(browser: browser, sessionID: sessionID)
        // The first window says what the launch could not read, restored or new.
        scene.restoreProblems = launchProblemsToReport
        launchProblemsToReport = []
        scene.addAgent(SessionSavingSceneAgent(sessionService: service))
        if let history = historyServices.service(for: profile) {
            scene.addAgent(HistoryFlushingSceneAgent(service: history))
        }
        scenes.append(scene)
        openScenes.add(scene.record)
        return scene
    }

    /// The user closed `scene`'s window (not by quitting): it is announced as disconnected
    /// (its UI goes first), its session is saved and it is forgotten; a regular window with
    /// tabs goes to recently closed, as one entry with
    /// every tab's history, read back on the IO queue (its session data is deleted once the
    /// entry is on disk; `SessionRestorationService.moveSessionsToRecentlyClosed`); an
    /// incognito one is deleted,
    /// and with the last incognito window of the profile goes the incognito state
    /// (`<profile>/OTR`). A scene that already ended is ignored.
    public func closeScene(_ scene: SceneState) {
        guard scenes.contains(where: { $0 === scene }) else { return }
        scenes.removeAll { $0 === scene }
        openScenes.remove(scene.record)
        observers.forEach { $0.appState(self, sceneDisconnected: scene) }
        if !scene.isClosed { scene.setActivationLevel(.unattached) }
        let service = sessionServices.sessionRestoration(for: scene.profile)
        let tabRestore = sessionServices.tabRestore(for: scene.profile)
        let hadTabs = !scene.browser.webStateList.isEmpty
        tabRestore.stopObserving(scene.browser)
        service.disconnect(scene.browser)
        scene.browser.destroy()
        if scene.isIncognito || !hadTabs {
            service.deleteDataForDiscardedSessions([scene.sessionID])
        } else {
            service.moveSessionsToRecentlyClosed([scene.sessionID], into: tabRestore)
        }
        let original = scene.profile.originalProfile
        if scene.isIncognito,
            !scenes.contains(where: { $0.isIncognito && $0.profile.originalProfile === original }),
            original.hasOffTheRecordProfile
        {
            original.destroyOffTheRecordProfile()
        }
    }

    func scenesEnded(_ browsers: [Browser]) {
        let ended = scenes.filter { scene in browsers.contains { $0 === scene.browser } }
        guard !ended.isEmpty else { return }
        scenes.removeAll { scene in ended.contains { $0 === scene } }
        for scene in ended {
            openScenes.remove(scene.record)
            sessionServices.tabRestore(for: scene.profile).stopObserving(scene.browser)
            if !scene.isClosed { scene.setActivationLevel(.unattached) }
        }
        // The incognito state is deleted next, the sessions of incognito windows that crashed
        // in an earlier run included: the offer to restore them ends with it (closing the last
        // incognito window ends every incognito page, not only this run's).
        let profiles = Set(ended.map(\.profile.originalProfile.name.rawValue))
        for record in openScenes.crashedScenes
        where record.isIncognito && profiles.contains(record.profileName) {
            openScenes.removeCrashed(record)
        }
        for scene in ended { observers.forEach { $0.appState(self, sceneDisconnected: scene) } }
    }
}

extension AppState: BrowserWindowOpener {
    /// Opens a new window of `browser`'s profile, incognito if it is, with `url` in its one
    /// tab (a link the user Shift+clicked). Nothing opens while quitting or for a browser
    /// that is not a window's.
    public func openNewWindow(loading url: URL, from browser: Browser) {
        guard !isTerminating, scenes.contains(where: { $0.browser === browser }) else { return }
        openNewScene(incognito: browser.kind == .incognito, urls: [url])
    }
}
