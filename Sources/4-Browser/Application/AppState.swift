public import Base
public import Foundation
import Logging
public import MemorySaver
public import Prefs
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
    /// The process-wide objects.
    public let context: ApplicationContext
    /// The session keyed services.
    public let sessionServices: SessionServices
    /// The BrowserList keyed service.
    public let browserLists: BrowserListFactory
    /// The memory saver keyed service (one per profile, started at launch).
    public let memorySavers: MemorySaverFactory
    /// The windows, kept in local state for the next launch.
    public let openScenes: OpenSceneRegistry
    /// How far the launch got.
    public private(set) var initStage: AppInitStage = .start
    /// Whether ``quit()`` began.
    public private(set) var isTerminating = false
    /// The open windows, oldest first.
    public private(set) var scenes: [SceneState] = []
    /// The profile new windows open in (known after the launch).
    public private(set) var profile: Profile?

    private var incognitoLifetimes: [ObjectIdentifier: IncognitoSessionLifetime] = [:]
    private let observers = ObserverList<any AppStateObserver>()

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
                registerProfilePrefs(registry)
            })
        sessionServices = SessionServices.register(in: context, saveDelay: saveDelay)
        browserLists = BrowserListFactory.register(
            in: context.dependencyManager, attachTabHelpers: attachTabHelpers)
        memorySavers = MemorySaverFactory.register(
            in: context, browserLists: browserLists, sessions: sessionServices)
        openScenes = OpenSceneRegistry(localState: context.localState)
    }

    // MARK: Observers

    /// Adds an observer (held weakly); add it before ``launch(profileName:)`` to hear of the
    /// restored windows.
    public func addObserver(_ observer: any AppStateObserver) { observers.add(observer) }

    public func removeObserver(_ observer: any AppStateObserver) { observers.remove(observer) }

    private func connect(_ scene: SceneState) {
        observers.forEach { $0.appState(self, sceneConnected: scene) }
    }

    // MARK: Launch

    /// Runs the launch sequence (see the type's documentation) with windows opening in the
    /// profile `profileName` (made if missing); each restored window is announced as it
    /// connects. Throws if that profile cannot be opened.
    @discardableResult
    public func launch(profileName: String = "Default") throws(ProfileManager.Error) -> LaunchOutcome {
        precondition(initStage == .start, "AppState.launch: already launched")
        context.start()
        initStage = .browserBasic
        let crashed = context.lastRunCrashed
        let profile = try context.profileManager.createProfile(named: profileName)
        self.profile = profile
        for record in openScenes.scenes + openScenes.crashedScenes {
            _ = try? context.profileManager.loadProfile(named: record.profileName)
        }
        let profiles = context.profileManager.loadedProfiles
        for profile in profiles {
            watchIncognito(profile)
            _ = memorySavers.memorySaver(for: profile)
        }
        initStage = .profileLoaded

        var crashedScenes: [OpenScene] = []
        if crashed {
            crashedScenes = openScenes.moveOpenScenesToCrashed()
            for profile in profiles {
                for storage in storageDirectories(of: profile) {
                    let recovery = SessionCrashRecovery(storageDirectory: storage)
                    recovery.setAsideIfNeeded(lastRunCrashed: true)
                    recovery.reserveStoredTabIDs()
                }
            }
            Logger.application.warning(
                "the last run did not exit cleanly; \(crashedScenes.count) windows wait to be restored")
        } else {
            // After a clean quit nothing waits for a choice, and incognito windows are gone.
            openScenes.clearCrashed()
            for record in openScenes.scenes where record.isIncognito { openScenes.remove(record) }
            for profile in profiles { deleteIncognitoState(of: profile) }
        }

        var purged: [String] = []
        if openScenes.isKnown {
            let kept = openScenes.scenes + openScenes.crashedScenes
            for profile in profiles {
                let keep = kept.filter { !$0.isIncognito && $0.profileName == profile.name.rawValue }
                purged += sessionServices.sessionRestoration(for: profile).purgeDiscardedSessions(
                    keeping: Set(keep.map(\.sessionID)), into: sessionServices.tabRestore(for: profile))
            }
        }

        var restored: [SceneState] = []
        if !crashed {
            let records: [OpenScene]
            if openScenes.isKnown {
                records = openScenes.scenes
            } else {
                // Without Local State every regular session on disk is taken as open.
                records = sessionServices.sessionRestoration(for: profile).discardedSessionIDs(keeping: [])
                    .map { OpenScene(sessionID: $0, profileName: profile.name.rawValue) }
            }
            for record in records {
                guard let owner = context.profileManager.profile(named: record.profileName) else {
                    Logger.application.error(
                        "window \(record.sessionID): profile \(record.profileName) is not available")
                    continue
                }
                let scene = restoreScene(record.sessionID, profile: owner, afterCrash: false)
                restored.append(scene)
                connect(scene)
            }
        }
        initStage = .final
        return LaunchOutcome(
            restoredScenes: restored, lastRunCrashed: crashed, crashedScenes: crashedScenes,
            purgedSessionIDs: purged)
    }

    /// The session storage directories of `profile`: its own and its incognito one.
    private func storageDirectories(of profile: Profile) -> [URL] {
        [
            sessionServices.sessionRestoration(for: profile).storageDirectory,
            SessionServices.storageDirectory(inProfile: profile.offTheRecordStatePath),
        ]
    }

    private func deleteIncognitoState(of profile: Profile) {
        if profile.hasOffTheRecordProfile {
            profile.destroyOffTheRecordProfile()
        } else if FileManager.default.fileExists(atPath: profile.offTheRecordStatePath.path) {
            do {
                try PrivateStorage.removeDirectory(atPath: profile.offTheRecordStatePath.path)
            } catch {
                Logger.application.error("could not delete the incognito state of \(profile.name): \(error)")
            }
        }
    }

    private func watchIncognito(_ profile: Profile) {
        guard incognitoLifetimes[ObjectIdentifier(profile)] == nil else { return }
        incognitoLifetimes[ObjectIdentifier(profile)] = IncognitoSessionLifetime(
            profile: profile, browserList: browserLists.browserList(for: profile), services: sessionServices,
            clock: context.clock
        ) { [weak self] browsers in self?.scenesEnded(browsers) }
    }

    // MARK: Memory

    /// Tells every loaded profile's memory saver that the system is short of memory: each
    /// discards the background tabs it may (``MemorySaverService/handleMemoryPressure()``).
    /// Returns how many tabs were discarded.
    @discardableResult
    public func handleMemoryPressure() -> Int {
        guard !isTerminating else { return 0 }
        return context.profileManager.loadedProfiles.reduce(0) {
            $0 + memorySavers.memorySaver(for: $1).handleMemoryPressure()
        }
    }

    // MARK: Windows

    /// Opens a new window (an incognito one when `incognito`) in ``profile``, with a new
    /// session and a tab loading each of `urls`, the last one active, and announces it: the
    /// tabs come first, so that their pages load while the UI makes the window. Its UI sets
    /// its activation level.
    @discardableResult
    public func openNewScene(incognito: Bool = false, urls: [URL] = []) -> SceneState {
        guard let profile else { preconditionFailure("AppState.openNewScene: not launched") }
        precondition(!isTerminating, "AppState.openNewScene: quitting")
        let scene = makeScene(
            profile: incognito ? profile.offTheRecordProfile : profile, sessionID: Self.newSessionID())
        let list = scene.browser.webStateList
        for (index, url) in urls.enumerated() {
            let webState = WebState(params: .init(context: scene.profile.webEngineContext, url: url))
            list.insert(webState, index == urls.count - 1 ? .automatic.activating() : .automatic)
            webState.load(url)
        }
        connect(scene)
        return scene
    }

    private static func newSessionID() -> String { UUID().uuidString.lowercased() }

    private func restoreScene(_ sessionID: String, profile: Profile, afterCrash: Bool) -> SceneState {
        let scene = makeScene(profile: profile, sessionID: sessionID)
        let service = sessionServices.sessionRestoration(for: profile)
        let before = service.problems.count
        service.loadSession(for: scene.browser, afterCrash: afterCrash)
        scene.restoreProblems = Array(service.problems[before...])
        scene.wasRestored = true
        return scene
    }

    private func makeScene(profile: Profile, sessionID: String) -> SceneState {
        let list = browserLists.browserList(for: profile)
        let browser = Browser(
            kind: profile.isOffTheRecord ? .incognito : .regular, profile: profile,
            delegate: list.webStateListDelegate)
        list.add(browser)
        WebStateDelegateBrowserAgent.attach(to: browser)
        let service = sessionServices.sessionRestoration(for: profile)
        service.setSessionID(sessionID, for: browser)
        sessionServices.tabRestore(for: profile).observe(browser, sessionID: sessionID)
        let scene = SceneState(browser: browser, sessionID: sessionID)
        scene.addAgent(SessionSavingSceneAgent(sessionService: service))
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

    private func scenesEnded(_ browsers: [Browser]) {
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

    // MARK: Quit

    /// Runs the quit sequence (see the type's documentation). Calling it again does nothing.
    public func quit() {
        guard !isTerminating else { return }
        isTerminating = true
        let closing = scenes
        for scene in closing where scene.isIncognito || scene.browser.webStateList.isEmpty {
            openScenes.remove(scene.record)
        }
        // Disconnecting saves every dirty window of the service at once, the first time.
        for scene in closing {
            sessionServices.tabRestore(for: scene.profile).stopObserving(scene.browser)
            sessionServices.sessionRestoration(for: scene.profile).disconnect(scene.browser)
            if !scene.isClosed { scene.setActivationLevel(.unattached) }
        }
        scenes.removeAll()
        for scene in closing where !scene.browser.isDestroyed { scene.browser.destroy() }
        let profiles = context.profileManager.loadedProfiles
        for profile in profiles {
            for storage in storageDirectories(of: profile) {
                SessionCrashRecovery(storageDirectory: storage).discard()
            }
            deleteIncognitoState(of: profile)
        }
        openScenes.clearCrashed()
        incognitoLifetimes.removeAll()
        context.shutdown()
    }

    // MARK: Crash recovery

    /// Whether windows of a crashed run wait to be restored.
    public var hasCrashedScenes: Bool { !openScenes.crashedScenes.isEmpty }

    /// Restores the windows open when the last run crashed (the user chose Restore), each
    /// from its set-aside copy; tabs that were loading then come back without loading. The
    /// windows opened since stay as they are. Each restored window is announced as it
    /// connects, and then the end of the offer.
    public func restoreCrashedScenes() {
        precondition(initStage == .final, "AppState.restoreCrashedScenes: not launched")
        var restored: [SceneState] = []
        for record in openScenes.crashedScenes {
            openScenes.removeCrashed(record)
            guard let base = context.profileManager.profile(named: record.profileName) else { continue }
            let owner = record.isIncognito ? base.offTheRecordProfile : base
            let service = sessionServices.sessionRestoration(for: owner)
            guard !service.isConnected(sessionID: record.sessionID) else { continue }
            SessionCrashRecovery(storageDirectory: service.storageDirectory).restoreSession(record.sessionID)
            let scene = restoreScene(record.sessionID, profile: owner, afterCrash: true)
            restored.append(scene)
            connect(scene)
        }
        observers.forEach { $0.appState(self, restoredCrashedScenes: restored) }
    }

    // MARK: Recently closed

    /// The recently closed tabs and windows of `scene`'s profile (in memory only for an
    /// incognito window), newest first.
    public func recentlyClosedEntries(for scene: SceneState) -> [TabRestoreService.Entry] {
        sessionServices.tabRestore(for: scene.profile).entries
    }

    /// Reopens the most recently closed tab or window of `scene`'s profile (Ctrl+Shift+T).
    public func reopenLastClosed(from scene: SceneState) {
        guard let entry = recentlyClosedEntries(for: scene).first else { return }
        reopenClosedEntry(entry.id, from: scene)
    }

    /// Reopens the recently closed entry `entryID` of `scene`'s profile: a tab at its old
    /// index in its old window when that window is open (else in `scene`'s), with its
    /// history, selected; a window as a new window with all its tabs, announced as it
    /// connects.
    public func reopenClosedEntry(_ entryID: Int, from scene: SceneState) {
        let tabRestore = sessionServices.tabRestore(for: scene.profile)
        let service = sessionServices.sessionRestoration(for: scene.profile)
        guard let entry = tabRestore.entries.first(where: { $0.id == entryID }) else { return }
        switch entry {
        case .tab:
            let browsers = scenes.filter { $0.profile === scene.profile }.map(\.browser)
            tabRestore.restoreTab(
                entryID, browsers: browsers, sessionID: { service.sessionID(of: $0) },
                fallback: scene.browser,
                makeWebState: { service.createUnrealizedWebState(for: $0, storage: $1) })
        case .window:
            let window = makeScene(profile: scene.profile, sessionID: Self.newSessionID())
            tabRestore.restoreWindow(
                entryID, into: window.browser,
                makeWebState: { service.createUnrealizedWebState(for: $0, storage: $1) })
            connect(window)
        }
    }

    // MARK: Moving tabs

    /// Moves the tab at `index` of `source` to `target`'s list, selected — or to a new window
    /// when `target` is nil — and announces the move (or the new window). It goes to `insertionIndex` of the
    /// target's list (a tab dropped on its tab bar; joining a group it lands inside of, and
    /// at the end for an index among the pinned tabs, as the list's order controller places
    /// tabs), or to the end when that is nil (the menu's "Move to Window"). The tab moves as it is:
    /// realized with its page, or unrealized; its session files follow it at the next save.
    /// Both windows must belong to one profile.
    public func moveTab(
        at index: Int, from source: SceneState, to target: SceneState?, insertingAt insertionIndex: Int? = nil
    ) {
        precondition(
            scenes.contains { $0 === source }, "AppState.moveTab: the source window is not open")
        precondition(
            index >= 0 && index < source.browser.webStateList.count,
            "AppState.moveTab: index \(index) out of range")
        if let target {
            precondition(scenes.contains { $0 === target }, "AppState.moveTab: the target window is not open")
            precondition(
                target.profile === source.profile,
                "AppState.moveTab: the windows belong to different profiles")
            precondition(target !== source, "AppState.moveTab: the tab is in that window already")
        }
        if let insertionIndex {
            let count = target?.browser.webStateList.count ?? 0
            precondition(
                insertionIndex >= 0 && insertionIndex <= count,
                "AppState.moveTab: insertion index \(insertionIndex) out of range")
        }
        let destination = target ?? makeScene(profile: source.profile, sessionID: Self.newSessionID())
        let webState = source.browser.webStateList.detach(at: index)
        let params: WebStateListInsertionParams = insertionIndex.map { .atIndex($0) } ?? .automatic
        destination.browser.webStateList.insert(webState, params.activating())
        if let target {
            observers.forEach { $0.appState(self, movedTabFrom: source, to: target) }
        } else {
            connect(destination)
        }
    }
}
