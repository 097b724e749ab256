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

/// The root of the coordinator tree: the application. It starts the browser core (the
/// application context on the WebKit engine, the Default profile, the tab model's
/// BrowserList) once GTK is up, opens a ``BrowserCoordinator`` per window, and handles the
/// commands that open and close windows (``ApplicationCommands``).
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
    private var context: ApplicationContext?
    private var browserLists: BrowserListFactory?
    private var profile: Profile?
    private var windows: [BrowserCoordinator] = []
    private var screenshotPath: String?

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

    /// Starts the browser core (GTK is initialized by the application's startup).
    public override func start() {
        super.start()
        guard GTKRuntime.initialize(), let engine = try? WebKitEngine() else {
            FileHandle.standardError.write(Data("swiftlet: \(StartError.noDisplay)\n".utf8))
            application.quit()
            return
        }
        let context = ApplicationContext(
            userDataDirectory: userDataDirectory, engine: engine, clock: SystemTimerClock(),
            registerProfilePrefs: { SearchEnginePrefs.register(in: $0) })
        browserLists = BrowserListFactory.register(in: context.dependencyManager) { webState in
            _ = FindTabHelper.attach(to: webState)
        }
        context.start()
        self.context = context
        do {
            profile = try context.profileManager.createProfile(named: "Default")
        } catch {
            FileHandle.standardError.write(Data("swiftlet: \(error)\n".utf8))
            application.quit()
        }
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
        guard profile != nil else { return 1 }
        if let path = request.windowScreenshot, !isRemote { screenshotPath = path }
        open(request)
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
        guard let profile, let browserLists else { return }
        let windowProfile = incognito ? profile.offTheRecordProfile : profile
        let list = browserLists.browserList(for: windowProfile)
        let browser = Browser(
            kind: incognito ? .incognito : .regular, profile: windowProfile,
            delegate: list.webStateListDelegate)
        list.add(browser)
        WebStateDelegateBrowserAgent.attach(to: browser)
        let window = BrowserCoordinator(
            browser: browser, makeWindow: { [application] in application.makeWindow() },
            applicationCommands: self, startPageURL: URL(string: "about:blank")!)
        window.onClosed = { [weak self, weak window] in
            guard let self, let window else { return }
            self.windowClosed(window, list: list)
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
        window.present()
        window.openTabs(urls.isEmpty ? [window.startPageURL] : urls)
    }

    private func windowClosed(_ window: BrowserCoordinator, list: BrowserList) {
        windows.removeAll { $0 === window }
        stopChild(window)
        list.remove(window.browser)
        window.browser.destroy()
        if windows.isEmpty { application.quit() }
    }

    private func shutDown() {
        for window in windows {
            stopChild(window)
            window.browser.destroy()
        }
        windows.removeAll()
        if isStarted { stop() }
        context?.shutdown()
        context = nil
    }

    // MARK: ApplicationCommands

    /// Opens a new window with the start page.
    public func openNewWindow(incognito: Bool) { openWindow(incognito: incognito, urls: []) }

    /// Shows the about window.
    public func showAbout() { windows.last?.showAbout() }

    /// Quits: every window closes, the core shuts down.
    public func quit() { application.quit() }
}
