import Application
import Base
import Foundation
import Profiles
import Sessions
import TabModel
import Web
import WebTestSupport

/// Writes a Swiftlet session the way the browser leaves one at a clean quit: the
/// application layer (``AppState``) with the real session services launches on the user data
/// directory, opens one window of tabs, selects one, and quits. The quit saves the window's
/// session and keeps it in `Local State`'s list of open windows, so the next launch of
/// `swiftlet` brings it back. The engine is the fake one (pages commit at once, titled
/// "Page N"): the session holds each tab's history and metadata, without WebKit's session
/// blob, as a session written by an older build would.
@MainActor
enum SwiftletSessionWriter {
    /// Why the session could not be written.
    struct WriteError: Error, CustomStringConvertible {
        /// What failed.
        var description: String
    }

    /// Writes a window with `urls` as tabs, the tab at `active` selected, into the user data
    /// directory `directory`.
    static func write(urls: [URL], active: Int, into directory: URL) throws {
        let engine = FakeWebEngine()
        for (index, url) in urls.enumerated() { engine.setPage(url, .init(title: "Page \(index)")) }
        let app = AppState(
            userDataDirectory: UserDataDirectory(path: directory), engine: engine, clock: SystemTimerClock())
        let outcome: LaunchOutcome
        do { outcome = try app.launch() } catch { throw WriteError(description: "launch: \(error)") }
        guard outcome.restoredScenes.isEmpty else {
            throw WriteError(description: "the user data directory already has windows")
        }
        let scene = app.openNewScene()
        for url in urls {
            let tab = WebState(params: .init(context: scene.profile.webEngineContext))
            tab.load(url)
            scene.browser.webStateList.insert(tab)
        }
        scene.browser.webStateList.activate(at: active)
        let service = app.sessionServices.sessionRestoration(for: scene.profile)
        service.saveSessions()
        service.waitForPendingIO()
        app.quit()
    }
}
