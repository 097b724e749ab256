import Application
import Base
import Foundation
import GTKSupport
import Mediators
import Profiles
import Web
import WebKitEngine

extension AppCoordinator {
    /// What the coordinator asks of the process around it: the application state on an
    /// engine, the GTK windows, the end of the main loop. The browser's comes from its
    /// `AdwApplication` and WebKit; tests pass one on the fake engine with plain windows, and
    /// no process-wide watches.
    struct Environment {
        /// Makes the application's state in a user data directory, once GTK is up; nil when
        /// there is no display.
        var makeAppState: @MainActor (UserDataDirectory) -> AppState?
        /// Makes a window, not shown yet.
        var makeWindow: @MainActor () -> WindowHandle
        /// Ends the main loop (the application's shutdown follows).
        var quit: @MainActor () -> Void
        /// Whether SIGTERM, SIGINT, SIGHUP and the system's low-memory warnings reach the
        /// coordinator (the browser's process; not a test's).
        var watchesProcess: Bool

        /// The browser's: WebKit with the graphics GTK found, windows of `application`.
        static func browser(_ application: BrowserApplication) -> Environment {
            Environment(
                makeAppState: { directory in
                    guard GTKRuntime.initialize(),
                        let engine = try? WebKitEngine(hardwareAccelerated: GTKRuntime.graphics.isHardware)
                    else { return nil }
                    return AppState(
                        userDataDirectory: directory, engine: engine, clock: SystemTimerClock(),
                        registerProfilePrefs: {
                            SearchEnginePrefs.register(in: $0)
                            DownloadPrefs.register(in: $0)
                            HomePagePrefs.register(in: $0)
                            AppearancePrefs.register(in: $0)
                            PrivacyPrefs.register(in: $0)
                            FontPrefs.register(in: $0)
                            ZoomPrefs.register(in: $0)
                        },
                        attachTabHelpers: { _ = FindTabHelper.attach(to: $0) })
                },
                makeWindow: { application.makeWindow() }, quit: { application.quit() }, watchesProcess: true)
        }
    }
}
