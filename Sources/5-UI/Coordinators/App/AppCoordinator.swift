import Application
import Base
import Foundation
import GLibSupport
import GTKSupport
import Mediators
import Prefs
import Profiles
import TabModel
public import UIInterfaces
import Web
import WebKitEngine

#if canImport(Glibc)
import Glibc
#endif

/// The root of the coordinator tree: the application. Once GTK is up it runs the
/// application layer's launch sequence (``AppState``: the engine, the Default profile, the
/// windows of the last run), opens a ``BrowserCoordinator`` per window (scene), and handles
/// the commands that open and close windows (``ApplicationCommands``).
///
/// Closing a window that is not the last puts it in recently closed; closing the last one,
/// Ctrl+Q, SIGTERM, SIGINT and SIGHUP all quit the same way: every window is saved and comes
/// back at the next launch (``AppState/quit()``).
@MainActor
public final class AppCoordinator: Coordinator, ApplicationCommands {
    /// Why the browser could not start.
    public enum StartError: Error, CustomStringConvertible {
        /// The user data directory could not be resolved.
        case userDataDirectory(String)
        /// There is no display.
        case noDisplay

        /// A sentence for stderr.
        public var description: String {
            switch self {
            case .userDataDirectory(let message): message
            case .noDisplay: "no display (set DISPLAY, or run it under xvfb-run)"
            }
        }
    }

    private let application = BrowserApplication()
    private let userDataDirectory: UserDataDirectory
    private let parse: @MainActor ([String]) -> Result<LaunchRequest, LaunchParseError>
    private var appState: AppState?
    private var windows: [BrowserCoordinator] = []
    private var screenshotPath: String?
    private var signalSources: [UInt32] = []
    /// The system's low-memory warnings, which discard background tabs.
    private var memoryMonitor: MemoryMonitor?
    /// Whether the first command line was handled (the windows of the last run are shown then).
    private var launched = false
    /// The number the next window gets.
    private var nextWindowID = 1
    /// Whether the offer to restore a crashed run waits for the first window.
    private var crashOfferPending = false
    /// A command line the primary instance could not read: its message and exit status.
    public struct LaunchParseError: Error {
        /// The message for the process that sent it.
        public var message: String
        /// Its exit status.
        public var status: Int32

        /// Creates an error.
        public init(message: String, status: Int32) {
            self.message = message
            self.status = status
        }
    }

    /// Creates the coordinator for `userDataDirectory` (nil: the XDG default); `parse` reads
    /// a command line's arguments (without the program name) into a ``LaunchRequest``.
    public init(
        userDataDirectory: String?,
        parse: @escaping @MainActor ([String]) -> Result<LaunchRequest, LaunchParseError>
    ) throws(StartError) {
        do {
            self.userDataDirectory = try UserDataDirectory.resolve(
                explicit: userDataDirectory, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw .userDataDirectory(error.description)
        }
        self.parse = parse
        super.init()
    }

    /// Runs the application with the process's `arguments` (the program name first) until it
    /// quits; returns the exit status. In a second instance the command line goes to the
    /// running one and this returns its answer.
    public func run(_ arguments: [String]) -> Int32 {
        application.onStartup = { [weak self] in self?.start() }
        application.onShutdown = { [weak self] in self?.shutDown() }
        application.onCommandLine = { [weak self] arguments, isRemote, directory in
            self?.handleCommandLine(arguments, isRemote: isRemote) ?? 1
        }
        return application.run(arguments)
    }

    /// Starts the browser core (GTK is initialized by the application's startup): runs the
    /// launch sequence and makes a window for every window of the last run.
    public override func start() {
        super.start()
        guard GTKRuntime.initialize(),
            let engine = try? WebKitEngine(hardwareAccelerated: GTKRuntime.graphics.isHardware)
        else {
            FileHandle.standardError.write(Data("swiftlet: \(StartError.noDisplay)\n".utf8))
            application.quit()
            return
        }
        let appState = AppState(
            userDataDirectory: userDataDirectory, engine: engine, clock: SystemTimerClock(),
            registerProfilePrefs: { SearchEnginePrefs.register(in: $0) },
            attachTabHelpers: { _ = FindTabHelper.attach(to: $0) })
        appState.onScenesEnded = { [weak self] scenes in self?.scenesEnded(scenes) }
        self.appState = appState
        do {
            let outcome = try appState.launch()
            for scene in outcome.restoredScenes { makeWindow(for: scene) }
            crashOfferPending = outcome.lastRunCrashed && appState.hasCrashedScenes
        } catch {
            FileHandle.standardError.write(Data("swiftlet: \(error)\n".utf8))
            application.quit()
            return
        }
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            signalSources.append(GLibMainLoop.addUnixSignalHandler(signal) { [weak self] in self?.quit() })
        }
        // The memory saver logs what it discarded.
        memoryMonitor = MemoryMonitor { [weak self] _ in self?.appState?.handleMemoryPressure() }
        EventLog.record("started")
    }

    private func handleCommandLine(_ arguments: [String], isRemote: Bool) -> Int32 {
        let request: LaunchRequest
        switch parse(arguments) {
        case .success(let parsed): request = parsed
        case .failure(let error):
            FileHandle.standardError.write(Data("swiftlet: \(error.message)\n".utf8))
            return error.status
        }
        guard let appState, appState.initStage == .final else { return 1 }
        if request.discardBackgroundTabs {
            EventLog.record("tabs-discarded", "\(appState.handleMemoryPressure())")
            if request.onlyDiscards && isRemote { return 0 }
        }
        if let path = request.windowScreenshot, !isRemote { screenshotPath = path }
        if !launched {
            launched = true
            // The windows of the last run show; the command line's URLs go to the last one.
            for window in windows { window.present() }
        }
        open(request)
        if crashOfferPending, let window = windows.last(where: { !$0.isIncognito }) ?? windows.last {
            crashOfferPending = false
            window.showInfoBar(
                InfoBarItem(
                    .crashedSession, message: "Swiftlet did not close properly",
                    detail:
                        "Restore the windows and tabs you had open? They stay in the menu until you quit.",
                    buttons: [
                        InfoBarButton(.restore, label: "Restore"), InfoBarButton(.dismiss, label: "Dismiss"),
                    ], isDismissible: false))
        }
        return 0
    }

    /// Opens what `request` asks for: its URLs in the last window (a new one when asked,
    /// or when there is none), or a new window with the start page.
    func open(_ request: LaunchRequest) {
        let urls = request.urls.compactMap { LocationInputClassifier().url(for: $0) }
        if !request.newWindow, !request.incognito, let window = windows.last(where: { !$0.isIncognito }) {
            if urls.isEmpty { window.present() } else { window.openTabs(urls) }
            return
        }
        openWindow(incognito: request.incognito, urls: urls)
    }

    private func openWindow(incognito: Bool, urls: [URL]) {
        guard let appState, !appState.isTerminating else { return }
        let window = makeWindow(for: appState.openNewScene(incognito: incognito))
        // The tabs first: the page's web process starts and its load is under way while GTK
        // maps the window, rather than after.
        window.openTabs(urls.isEmpty ? [window.startPageURL] : urls)
        window.present()
    }

    /// Makes and starts the window of `scene` (not shown yet).
    @discardableResult
    private func makeWindow(for scene: SceneState) -> BrowserCoordinator {
        guard let appState else { preconditionFailure("AppCoordinator.makeWindow: not started") }
        let window = BrowserCoordinator(
            scene: scene, appState: appState, makeWindow: { [application] in application.makeWindow() },
            applicationCommands: self, startPageURL: URL(string: "about:blank")!)
        window.openWindows = { [weak self] scenes in
            for scene in scenes { self?.makeWindow(for: scene).present() }
        }
        window.onRestorePreviousSession = { [weak self] in self?.restoreCrashedWindows() }
        window.windowID = nextWindowID
        nextWindowID += 1
        window.moveTabToWindow = { [weak self, weak window] index, windowID, insertionIndex in
            // A drop can come from a window of another profile (any tab bar of the process
            // takes any tab): the move is refused, and the tab stays where it was.
            guard let self, let window, let appState = self.appState,
                let target = self.windows.first(where: { $0.windowID == windowID }),
                target.scene.profile === window.scene.profile, target !== window,
                index < window.browser.webStateList.count
            else { return }
            let count = target.browser.webStateList.count
            appState.moveTab(
                at: index, from: window.scene, to: target.scene,
                insertingAt: insertionIndex.map { min(max($0, 0), count) })
            target.present()
            self.refreshMoveTargets()
        }
        window.onInfoBarButton = { [weak self] kind, button in
            if kind == .crashedSession, button == .restore { self?.restoreCrashedWindows() }
        }
        window.onClosed = { [weak self, weak window] in
            guard let self, let window else { return }
            self.windowClosed(window)
        }
        window.onFirstPageLoaded = { [weak self, weak window] in
            guard let self, let window, let path = self.screenshotPath else { return }
            self.screenshotPath = nil
            window.saveScreenshot(to: path) { saved in
                print(saved ? "swiftlet: wrote \(path)" : "swiftlet: could not write \(path)")
                self.quit()
            }
        }
        windows.append(window)
        startChild(window)
        refreshMoveTargets()
        let problems = Array(Set(scene.restoreProblems.map(\.userMessage))).sorted()
        if !problems.isEmpty {
            window.showInfoBar(
                InfoBarItem(
                    .sessionProblems, message: "This window could not be restored exactly as it was",
                    detail: problems.joined(separator: " ")))
        }
        return window
    }

    /// Restores the windows of the crashed run (the info bar's Restore or the menu's
    /// "Restore Previous Session"); the offer ends in every window.
    private func restoreCrashedWindows() {
        guard let appState, appState.hasCrashedScenes else { return }
        crashOfferPending = false
        let restored = appState.restoreCrashedScenes()
        for window in windows {
            window.hideInfoBar(.crashedSession)
            window.setCanRestorePreviousSession(false)
        }
        for scene in restored { makeWindow(for: scene).present() }
        EventLog.record("session-restored", "\(restored.count)")
    }

    /// The user closed `window` (or its last tab): the last window quits — it comes back at
    /// the next launch — any other goes to recently closed.
    private func windowClosed(_ window: BrowserCoordinator) {
        guard let appState, !appState.isTerminating else { return }
        if windows.count == 1 {
            quit()
            return
        }
        windows.removeAll { $0 === window }
        stopChild(window)
        appState.closeScene(window.scene)
        refreshMoveTargets()
    }

    /// Tells every window which other windows of its profile its tabs can move to.
    private func refreshMoveTargets() {
        for window in windows {
            window.setMoveTargets(
                windows.filter { $0 !== window && $0.scene.profile === window.scene.profile }.map {
                    TabMoveTarget(windowID: $0.windowID, title: $0.moveTargetTitle)
                })
        }
    }

    /// The application layer ended `scenes` (the last incognito tab closed): their windows go.
    private func scenesEnded(_ scenes: [SceneState]) {
        let ended = windows.filter { window in scenes.contains { $0 === window.scene } }
        windows.removeAll { window in ended.contains { $0 === window } }
        for window in ended { stopChild(window) }
        if windows.isEmpty { quit() } else { refreshMoveTargets() }
    }

    private func shutDown() {
        for source in signalSources { GLibMainLoop.removeSource(source) }
        signalSources.removeAll()
        memoryMonitor?.stop()
        memoryMonitor = nil
        for window in windows { stopChild(window) }
        windows.removeAll()
        if isStarted { stop() }
        appState?.quit()
        appState = nil
    }

    // MARK: ApplicationCommands

    /// Opens a new window with the start page.
    public func openNewWindow(incognito: Bool) { openWindow(incognito: incognito, urls: []) }

    /// Shows the about window.
    public func showAbout() { windows.last?.showAbout() }

    /// Quits: every window closes, the core shuts down.
    public func quit() { application.quit() }
}
