import Application
import Base
import Commands
import Foundation
import GLibSupport
import GTKSupport
import Mediators
import Prefs
import Profiles
import TabModel
public import UIInterfaces
import ViewControllers
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
/// back at the next launch (``AppState/quit()``). Closing the last window and Ctrl+Q first ask
/// whether to quit while downloads are under way (``QuitWhileDownloadingMediator``); however
/// the run ends, a download under way is interrupted and keeps its partial file.
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

    private let application: BrowserApplication
    let environment: Environment
    private let userDataDirectory: UserDataDirectory
    let parse: @MainActor ([String]) -> Result<LaunchRequest, LaunchParseError>
    /// The application's state (while started).
    private(set) var appState: AppState?
    var sceneMediator: SceneMediator?
    /// The windows, oldest first.
    var windows: [BrowserCoordinator] = []
    /// Every window's tab strip, which tabs are dragged between.
    let tabStripRegistry = TabStripRegistry()
    /// Where `--window-screenshot` writes the first window's picture, until it is written.
    var screenshotPath: String?
    private var signalSources: [UInt32] = []
    /// The system's low-memory warnings, which discard background tabs.
    private var memoryMonitor: MemoryMonitor?
    /// Whether the first command line was handled (the windows of the last run are shown
    /// then; windows that open later show at once).
    var launched = false
    /// Whether the offer to restore a crashed run waits for the first window.
    var crashOfferPending = false
    /// Asks before quitting with downloads under way, and interrupts them at the end of the
    /// run keeping their partial files (while started).
    private var quitWhileDownloading: QuitWhileDownloadingMediator?
    private var quitWhileDownloadingDialog: QuitWhileDownloadingViewController?
    /// The preferences window, while it is open.
    private var preferences: PreferencesCoordinator?
    /// Applies the profile's style to every window (while started).
    private var colorScheme: ColorSchemeMediator?
    private let applicationStyle = ApplicationStyle()
    /// Routes the answer of the quit question to its mediator.
    private let applicationDispatcher = CommandDispatcher()
    /// The page new windows and tabs open with.
    let startPageURL = URL(string: "about:blank")!
    /// A command line the primary instance could not read: its message and exit status.
    public struct LaunchParseError: Error {
        /// The message for the process that sent it.
        public var message: String
        /// Its exit status.
        public var status: Int32

        public init(message: String, status: Int32) {
            self.message = message
            self.status = status
        }
    }

    /// The coordinator for `userDataDirectory` (nil: the XDG default); `parse` reads
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
        // First of all: a signal during the launch (which can take seconds restoring a large
        // session) must quit in order once the main loop runs, not kill the process.
        if environment.watchesProcess {
            for signal in [SIGTERM, SIGINT, SIGHUP] {
                signalSources.append(
                    GLibMainLoop.addUnixSignalHandler(signal) { [weak self] in self?.environment.quit() })
            }
        }
        guard let appState = environment.makeAppState(userDataDirectory) else {
            FileHandle.standardError.write(Data("swiftlet: \(StartError.noDisplay)\n".utf8))
            environment.quit()
            return
        }
        self.appState = appState
        // The mediator first: it hears of each scene before the window made for it asks it
        // for its move targets.
        // New windows open the home page when the profile has the pref (the browser's does).
        sceneMediator = SceneMediator(appState: appState, startPageURL: startPageURL) { [weak appState] in
            appState?.profile?.prefs.registry.isRegistered(HomePagePrefs.homePage) == true
                ? appState?.profile?.prefs : nil
        }
        appState.addObserver(self)
        startQuitWhileDownloading(appState)
        do {
            let outcome = try appState.launch()
            crashOfferPending = outcome.lastRunCrashed && appState.hasCrashedScenes
        } catch {
            FileHandle.standardError.write(Data("swiftlet: \(error)\n".utf8))
            environment.quit()
            return
        }
        if let prefs = appState.profile?.prefs, prefs.registry.isRegistered(AppearancePrefs.colorScheme) {
            // Before the first window shows, so that it is drawn in its style at once.
            let colorScheme = ColorSchemeMediator(prefs: prefs)
            colorScheme.consumer = applicationStyle
            self.colorScheme = colorScheme
        }
        if environment.watchesProcess {
            // The memory saver logs what it discarded.
            memoryMonitor = MemoryMonitor { [weak self] _ in self?.appState?.handleMemoryPressure() }
        }
        EventLog.record("started")
    }

    /// The application's shutdown: every window goes, then the application's state quits.
    func shutDown() {
        for source in signalSources { GLibMainLoop.removeSource(source) }
        signalSources.removeAll()
        memoryMonitor?.stop()
        memoryMonitor = nil
        closePreferences()
        colorScheme?.disconnect()
        colorScheme = nil
        for window in windows { stopChild(window) }
        windows.removeAll()
        sceneMediator?.disconnect()
        sceneMediator = nil
        // Whatever ends the run (Quit Anyway, a signal), no download loses what it received.
        quitWhileDownloading?.interruptDownloads()
        quitWhileDownloading?.disconnect()
        quitWhileDownloading = nil
        quitWhileDownloadingDialog = nil
        applicationDispatcher.stopDispatching(for: (any QuitWhileDownloadingCommands).self)
        if isStarted { stop() }
        appState?.quit()
        appState = nil
    }

    // MARK: ApplicationCommands

    /// Shows the about window.
    public func showAbout() { windows.last?.showAbout() }

    /// Shows the preferences window over the window the user is in, or brings it to the
    /// front; it edits the regular profile's prefs, whichever window asked.
    public func showPreferences() {
        guard let appState, let profile = appState.profile else { return }
        if preferences == nil {
            let preferences = PreferencesCoordinator(
                prefs: profile.prefs, contentSettings: appState.contentSettings.map(for: profile)
            ) { [weak self] in self?.closePreferences() }
            startChild(preferences)
            self.preferences = preferences
        }
        let windows = self.windows
        let parent = (windows.first { $0.scene.activationLevel == .foregroundActive } ?? windows.last)?
            .windowPointer
        preferences?.present(over: parent)
    }

    private func closePreferences() {
        guard let preferences else { return }
        self.preferences = nil
        stopChild(preferences)
    }

    /// Quits (Ctrl+Q, the last window closing): every window closes, the core shuts down;
    /// with downloads under way the user is asked first.
    public func quit() {
        guard let quitWhileDownloading else { return environment.quit() }
        quitWhileDownloading.requestQuit()
    }

    /// Makes the quit question's mediator over the downloads of every profile open, and its
    /// dialog, shown over the focused window.
    private func startQuitWhileDownloading(_ appState: AppState) {
        let mediator = QuitWhileDownloadingMediator(
            contexts: {
                appState.context.profileManager.loadedProfiles.flatMap { profile in
                    [profile.webEngineContext]
                        + (profile.hasOffTheRecordProfile
                            ? [profile.offTheRecordProfile.webEngineContext] : [])
                }
            },
            quit: { [weak self] in self?.environment.quit() },
            windowsStay: { [weak self] in self?.windows.forEach { $0.stayedOpenAfterQuitQuestion() } })
        let dialog = QuitWhileDownloadingViewController(
            commands: applicationDispatcher.sender(for: (any QuitWhileDownloadingCommands).self),
            parentWindow: { [weak self] in
                let windows = self?.windows ?? []
                return (windows.first { $0.scene.activationLevel == .foregroundActive } ?? windows.last)?
                    .windowPointer
            })
        mediator.consumer = dialog
        applicationDispatcher.startDispatching((any QuitWhileDownloadingCommands).self, to: mediator)
        quitWhileDownloading = mediator
        quitWhileDownloadingDialog = dialog
    }
}
