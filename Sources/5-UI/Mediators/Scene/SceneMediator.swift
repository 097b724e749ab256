public import Application
public import Foundation
public import Prefs
import TabModel
public import UIInterfaces
import Web

/// Between the application (``AppState``) and its windows: it carries out what a window asks
/// of the application — the ``SceneCommands`` each window's ``SceneCommandHandler`` passes on:
/// opening windows, moving tabs between them, reopening what was closed, restoring a run that
/// crashed — and pushes to each window's tab strip the other windows of its profile, which
/// its tabs can move to (``TabMoveTargetsConsumer``).
///
/// It makes no window: ``AppState`` announces the scenes it opens and closes
/// (``AppStateObserver``), and the app coordinator makes and tears down windows for them. Tabs
/// are found by their global identifier in any window, windows by their scene's session
/// identifier; a request naming a tab or a window that is gone does nothing. The move targets
/// are pushed again whenever a window opens or closes and after every move (a moved tab
/// becomes its new window's active one, whose title names the window).
@MainActor
public final class SceneMediator: AppStateObserver {
    private struct Window {
        let handler: SceneCommandHandler
        weak var consumer: (any TabMoveTargetsConsumer)?
    }

    private let appState: AppState
    private let startPageURL: URL
    private let newTabPrefs: @MainActor () -> PrefService?
    private var state = MediatorState("SceneMediator")
    private var windows: [WindowIdentifier: Window] = [:]
    /// Each window's number in the order they opened, for the move targets of windows whose
    /// active tab has no title ("Window 2").
    private var ordinals: [WindowIdentifier: Int] = [:]
    private var nextOrdinal = 1

    /// Works on `appState`'s windows (those open already and those announced later); a new
    /// window opens `startPageURL`, or the home page when `newTabPrefs()` (the profile's, with
    /// ``HomePagePrefs`` registered) say so.
    public init(
        appState: AppState, startPageURL: URL, newTabPrefs: @escaping @MainActor () -> PrefService? = { nil }
    ) {
        self.appState = appState
        self.startPageURL = startPageURL
        self.newTabPrefs = newTabPrefs
        for scene in appState.scenes { number(scene) }
        appState.addObserver(self)
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        appState.removeObserver(self)
        windows.removeAll()
    }

    /// The handler of the ``SceneCommands`` of `scene`'s window, for its browser's dispatcher:
    /// what it asks is carried out with that window as the one asking (the recently closed
    /// list is its profile's; a reopened tab whose window is gone opens in it). The mediator
    /// keeps it while the scene is open (the dispatcher holds it weakly).
    public func handler(for scene: SceneState) -> SceneCommandHandler {
        state.check(#function)
        let window = WindowIdentifier(scene)
        if let existing = windows[window] { return existing.handler }
        let handler = SceneCommandHandler(window: window, mediator: self)
        windows[window] = Window(handler: handler)
        return handler
    }

    /// Makes `consumer` (held weakly) the tab strip of `scene`'s window and pushes it its
    /// window and move targets; nil stops the pushes.
    public func setMoveTargetsConsumer(_ consumer: (any TabMoveTargetsConsumer)?, for scene: SceneState) {
        state.check(#function)
        let window = WindowIdentifier(scene)
        // A closed window's strip lets go after the mediator forgot the window.
        guard consumer != nil || windows[window] != nil else { return }
        var entry = windows[window] ?? Window(handler: SceneCommandHandler(window: window, mediator: self))
        entry.consumer = consumer
        windows[window] = entry
        consumer?.setWindow(window)
        consumer?.setMoveTargets(moveTargets(for: scene))
    }

    // MARK: What the application asks (the command line, a window's close button)

    /// Opens a new window (an incognito one when `incognito`) with a tab for each of `urls`
    /// (pages another program asked for), the last one selected; with none, the start page
    /// (or the home page).
    public func openWindow(urls: [URL], incognito: Bool) {
        openWindow(urls: urls, incognito: incognito, transition: BrowserMediator.transitionFromOutside)
    }

    /// Opens a new window as ``openWindow(urls:incognito:)``, the pages of `urls` marked
    /// `transition`.
    func openWindow(urls: [URL], incognito: Bool, transition: PageTransition) {
        state.check("openWindow(urls:incognito:)")
        guard appState.initStage == .final, !appState.isTerminating else { return }
        let startPage =
            newTabPrefs().map { HomePagePrefs.newTabURL(in: $0, blank: startPageURL) } ?? startPageURL
        guard !urls.isEmpty else {
            appState.openNewScene(
                incognito: incognito, urls: [startPage],
                transition: BrowserMediator.transition(ofNewTabPage: startPage, startPage: startPageURL))
            return
        }
        appState.openNewScene(incognito: incognito, urls: urls, transition: transition)
    }

    /// Closes `window` (not by quitting): its scene goes to recently closed, or is deleted
    /// (``AppState/closeScene(_:)``).
    public func closeWindow(_ window: WindowIdentifier) {
        state.check(#function)
        guard !appState.isTerminating, let scene = scene(window) else { return }
        appState.closeScene(scene)
    }

    // MARK: SceneCommands, from the window `window`

    func openNewWindow(incognito: Bool) {
        state.check(#function)
        openWindow(urls: [], incognito: incognito)
    }

    func openInIncognitoWindow(_ url: URL) {
        state.check(#function)
        guard appState.initStage == .final, !appState.isTerminating else { return }
        appState.openInIncognitoWindow(url)
    }

    func moveTabToNewWindow(_ id: TabIdentifier) {
        state.check(#function)
        // A window's only tab stays: the move would leave an empty window behind.
        guard !appState.isTerminating, let tab = tab(id), tab.scene.browser.webStateList.count > 1 else {
            return
        }
        appState.moveTab(at: tab.index, from: tab.scene, to: nil)
    }

    /// Moves the tab `id` to `window`, at `insertionIndex` (clamped to its list) or its end.
    /// A drop can come from a window of another profile (any tab bar of the process takes any
    /// tab): the move is refused, and the tab stays where it was.
    func moveTab(_ id: TabIdentifier, toWindow window: WindowIdentifier, at insertionIndex: Int?) {
        state.check(#function)
        guard !appState.isTerminating, let tab = tab(id), let target = scene(window),
            target !== tab.scene, target.profile === tab.scene.profile
        else { return }
        let count = target.browser.webStateList.count
        appState.moveTab(
            at: tab.index, from: tab.scene, to: target,
            insertingAt: insertionIndex.map { min(max($0, 0), count) })
    }

    func reopenLastClosed(in window: WindowIdentifier) {
        state.check(#function)
        guard !appState.isTerminating, let scene = scene(window) else { return }
        appState.reopenLastClosed(from: scene)
    }

    func reopenClosedEntry(_ id: Int, in window: WindowIdentifier) {
        state.check(#function)
        guard !appState.isTerminating, let scene = scene(window) else { return }
        appState.reopenClosedEntry(id, from: scene)
    }

    /// Restores the crashed run's windows in place of `window` if it is still blank
    /// (``AppState/restoreCrashedScenes(replacing:)``).
    func restorePreviousSession(in window: WindowIdentifier) {
        state.check(#function)
        guard !appState.isTerminating, appState.hasCrashedScenes else { return }
        appState.restoreCrashedScenes(replacing: scene(window))
    }

    // MARK: Finding tabs and windows

    private func scene(_ window: WindowIdentifier) -> SceneState? {
        appState.scenes.first { WindowIdentifier($0) == window }
    }

    /// The window holding the tab `id`, and its index there.
    private func tab(_ id: TabIdentifier) -> (scene: SceneState, index: Int)? {
        for scene in appState.scenes {
            if let index = scene.browser.webStateList.index(of: id) { return (scene, index) }
        }
        return nil
    }

    // MARK: Move targets

    private func number(_ scene: SceneState) {
        let window = WindowIdentifier(scene)
        guard ordinals[window] == nil else { return }
        ordinals[window] = nextOrdinal
        nextOrdinal += 1
    }

    /// The other windows of `scene`'s profile, oldest first, each named after its active tab.
    private func moveTargets(for scene: SceneState) -> [TabMoveTarget] {
        appState.scenes.filter { $0 !== scene && $0.profile === scene.profile }.map { other in
            let window = WindowIdentifier(other)
            let title = other.browser.webStateList.activeWebState?.title ?? ""
            return TabMoveTarget(
                window: window, title: title.isEmpty ? "Window \(ordinals[window] ?? 0)" : title)
        }
    }

    private func pushMoveTargets() {
        for scene in appState.scenes {
            windows[WindowIdentifier(scene)]?.consumer?.setMoveTargets(moveTargets(for: scene))
        }
    }

    // MARK: AppStateObserver

    /// Numbers the new window and tells every window.
    public func appState(_ appState: AppState, sceneConnected scene: SceneState) {
        number(scene)
        pushMoveTargets()
    }

    /// Forgets the window and tells the others.
    public func appState(_ appState: AppState, sceneDisconnected scene: SceneState) {
        windows[WindowIdentifier(scene)] = nil
        ordinals[WindowIdentifier(scene)] = nil
        pushMoveTargets()
    }

    /// Renames both windows after their new active tabs.
    public func appState(_ appState: AppState, movedTabFrom source: SceneState, to target: SceneState) {
        pushMoveTargets()
    }
}
