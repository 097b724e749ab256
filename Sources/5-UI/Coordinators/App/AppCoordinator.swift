public import Application
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

#if canImport(Glibc)
import Glibc
#endif

/// The root of the coordinator tree: the application. Once GTK is up it runs the
/// application layer's launch sequence (``AppState``: the engine, the Default profile, the
/// windows of the last run) and follows its scenes (``AppStateObserver``): a
/// ``BrowserCoordinator`` per scene that connects, torn down when it disconnects. What the
/// windows ask of the application goes to the ``SceneMediator`` it makes over ``AppState``
/// (``SceneCommands``); it handles ``ApplicationCommands`` (about, quit).
///
/// Closing a window that is not the last puts it in recently closed; closing the last one,
/// Ctrl+Q, SIGTERM, SIGINT and SIGHUP all quit the same way: every window is saved and comes
/// back at the next launch (``AppState/quit()``).
@MainActor
public final class AppCoordinator: Coordinator, ApplicationCommands, AppStateObserver {
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

    private let application: BrowserApplication
    private let environment: Environment
    private let userDataDirectory: UserDataDirectory
    private let parse: @MainActor ([String]) -> Result<LaunchRequest, LaunchParseError>
    /// The application's state (while started).
    private(set) var appState: AppState?
    private var sceneMediator: SceneMediator?
    /// The windows, oldest first.
    private(set) var windows: [BrowserCoordinator] = []
    private var screenshotPath: String?
    private var signalSources: [UInt32] = []
    /// The system's low-memory warnings, which discard background tabs.
    private var memoryMonitor: MemoryMonitor?
    /// Whether the first command line was handled (the windows of the last run are shown
    /// then; windows that open later show at once).
    private var launched = false
    /// Whether the offer to restore a crashed run waits for the first window.
    private var crashOfferPending = false
    /// The page new windows and tabs open with.
    private let startPageURL = URL(string: "about:blank")!
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
        application = BrowserApplication()
        environment = .browser(application)
        super.init()
    }

    /// A coordinator in `environment` (the tests'), whose ``run(_:)`` is not called: the test
    /// calls ``start()``, then hands it command lines and shuts it down as the application's
    /// signals would.
    init(
        userDataDirectory: UserDataDirectory, environment: Environment,
        parse: @escaping @MainActor ([String]) -> Result<LaunchRequest, LaunchParseError>
    ) {
        self.userDataDirectory = userDataDirectory
        self.environment = environment
        self.parse = parse
        application = BrowserApplication()
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
        guard let appState = environment.makeAppState(userDataDirectory) else {
            FileHandle.standardError.write(Data("swiftlet: \(StartError.noDisplay)\n".utf8))
            environment.quit()
            return
        }
        self.appState = appState
        // The mediator first: it hears of each scene before the window made for it asks it
        // for its move targets.
        sceneMediator = SceneMediator(appState: appState, startPageURL: startPageURL)
        appState.addObserver(self)
        do {
            let outcome = try appState.launch()
            crashOfferPending = outcome.lastRunCrashed && appState.hasCrashedScenes
        } catch {
            FileHandle.standardError.write(Data("swiftlet: \(error)\n".utf8))
            environment.quit()
            return
        }
        if environment.watchesProcess {
            for signal in [SIGTERM, SIGINT, SIGHUP] {
                signalSources.append(
                    GLibMainLoop.addUnixSignalHandler(signal) { [weak self] in self?.quit() })
            }
            // The memory saver logs what it discarded.
            memoryMonitor = MemoryMonitor { [weak self] _ in self?.appState?.handleMemoryPressure() }
        }
        EventLog.record("started")
    }

    /// Handles a command line (the primary instance's own, or one another instance
    /// forwarded): returns the exit status for the process that sent it.
    func handleCommandLine(_ arguments: [String], isRemote: Bool) -> Int32 {
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
                    ],
                    isDismissible: false))
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
        sceneMediator?.openWindow(urls: urls, incognito: request.incognito)
    }

    /// Makes and starts the window of `scene` (not shown yet).
    @discardableResult
    private func makeWindow(for scene: SceneState) -> BrowserCoordinator {
        guard let appState, let sceneMediator else {
            preconditionFailure("AppCoordinator.makeWindow: not started")
        }
        let window = BrowserCoordinator(
            scene: scene, appState: appState, sceneMediator: sceneMediator,
            makeWindow: environment.makeWindow, applicationCommands: self,
            startPageURL: startPageURL)
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
        let problems = Array(Set(scene.restoreProblems.map(\.userMessage))).sorted()
        if !problems.isEmpty {
            window.showInfoBar(
                InfoBarItem(
                    .sessionProblems, message: "This window could not be restored exactly as it was",
                    detail: problems.joined(separator: " ")))
        }
        return window
    }

    /// The user closed `window` (or its last tab): the last window quits — it comes back at
    /// the next launch — any other goes to recently closed (its scene disconnects, and the
    /// window goes then).
    private func windowClosed(_ window: BrowserCoordinator) {
        guard let appState, !appState.isTerminating else { return }
        if windows.count == 1 {
            quit()
            return
        }
        sceneMediator?.closeWindow(WindowIdentifier(window.scene))
    }

    private func window(of scene: SceneState) -> BrowserCoordinator? { windows.first { $0.scene === scene } }

    // MARK: AppStateObserver

    /// Makes the scene's window; after the launch it shows at once (the windows of the last
    /// run wait for the first command line).
    public func appState(_ appState: AppState, sceneConnected scene: SceneState) {
        let window = makeWindow(for: scene)
        if launched { window.present() }
    }

    /// Tears the scene's window down; without windows left the application quits (the last
    /// incognito tab closed, and only incognito windows were open).
    public func appState(_ appState: AppState, sceneDisconnected scene: SceneState) {
        guard let window = window(of: scene) else { return }
        windows.removeAll { $0 === window }
        stopChild(window)
        if windows.isEmpty { quit() }
    }

    /// Brings the window the tab moved to to the front.
    public func appState(_ appState: AppState, movedTabFrom source: SceneState, to target: SceneState) {
        window(of: target)?.present()
    }

    /// The offer to restore ends in every window.
    public func appState(_ appState: AppState, restoredCrashedScenes scenes: [SceneState]) {
        crashOfferPending = false
        for window in windows {
            window.hideInfoBar(.crashedSession)
            window.setCanRestorePreviousSession(false)
        }
        EventLog.record("session-restored", "\(scenes.count)")
    }

    /// The application's shutdown: every window goes, then the application's state quits.
    func shutDown() {
        for source in signalSources { GLibMainLoop.removeSource(source) }
        signalSources.removeAll()
        memoryMonitor?.stop()
        memoryMonitor = nil
        for window in windows { stopChild(window) }
        windows.removeAll()
        sceneMediator?.disconnect()
        sceneMediator = nil
        if isStarted { stop() }
        appState?.quit()
        appState = nil
    }

    // MARK: ApplicationCommands

    /// Shows the about window.
    public func showAbout() { windows.last?.showAbout() }

    /// Quits: every window closes, the core shuts down.
    public func quit() { environment.quit() }
}
