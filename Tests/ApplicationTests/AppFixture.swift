import Application
import Base
import Foundation
import ModelTestSupport
import Profiles
import Sessions
import TabModel
import Web
import WebTestSupport

/// Runs of the application on one user data directory, on the fake engine: each
/// ``launch()`` is a new process's AppState, ``quit()`` a clean quit, ``crash()`` a process
/// that dies with its saves and `Local State` on disk as a real one's would be.
@MainActor
final class AppFixture {
    static let saveDelay: Duration = .seconds(1)
    let directory: URL
    let clock = ManualTimerClock()
    /// Where background IO posts its completions; ``settle()`` runs them.
    let mainTaskRunner = ManualMainTaskRunner()
    private(set) var engine = FakeWebEngine()
    private(set) var app: AppState!
    /// What the current run announced.
    private(set) var announced = RecordingAppStateObserver()
    /// Every AppState made, kept alive as a crashed process's objects would be until exit.
    private var runs: [AppState] = []

    init() { directory = TestProfile.makeUserDataDirectory() }

    /// A new run: a new engine and AppState on the directory, launched.
    @discardableResult
    func launch() -> LaunchOutcome {
        engine = FakeWebEngine()
        app = AppState(
            userDataDirectory: UserDataDirectory(path: directory), engine: engine, clock: clock,
            mainTaskRunner: mainTaskRunner, isTesting: true, saveDelay: Self.saveDelay)
        runs.append(app)
        announced = RecordingAppStateObserver()
        app.addObserver(announced)
        return try! app.launch()
    }

    /// Restores the windows of the crashed run; returns those announced restored.
    func restoreCrashedScenes() -> [SceneState] {
        app.restoreCrashedScenes()
        return announced.restoredCrashed.last ?? []
    }

    /// Waits for the background IO and runs what it posted to the main actor, until nothing
    /// is left.
    func settle() { mainTaskRunner.runUntilIdle() }

    /// A clean quit.
    func quit() { app.quit() }

    /// The process dies at once: the windows' sessions were saved and reached the disk, but
    /// `Local State` holds only the writes already started (none of its delayed ones ran).
    func crashBeforeDelayedPrefWrites() {
        for profile in app.context.profileManager.loadedProfiles {
            let sessions = app.sessionServices.sessionRestoration(for: profile)
            sessions.saveSessions()
            sessions.waitForPendingIO()
        }
        settle()
    }

    /// The process dies: pending delayed saves ran (as they would have before the kill) and
    /// reached the disk, and so did `Local State`; nothing of the quit sequence runs.
    func crash() {
        clock.advance(by: Self.saveDelay)
        for profile in app.context.profileManager.loadedProfiles {
            app.sessionServices.sessionRestoration(for: profile).waitForPendingIO()
            if profile.hasOffTheRecordProfile {
                app.sessionServices.sessionRestoration(for: profile.offTheRecordProfile).waitForPendingIO()
            }
        }
        app.context.localState.flush()
    }

    /// A new window of `app` with tabs loading `urls` (the last one active).
    @discardableResult
    func openWindow(_ urls: [String], incognito: Bool = false) -> SceneState {
        let scene = app.openNewScene(incognito: incognito)
        addTabs(scene, urls)
        return scene
    }

    /// Adds tabs loading `urls` to `scene`, each activated.
    func addTabs(_ scene: SceneState, _ urls: [String]) {
        for url in urls {
            let tab = WebState(params: .init(context: scene.profile.webEngineContext))
            scene.browser.webStateList.insert(tab, .automatic.activating())
            tab.load(URL(string: url)!)
        }
    }

    /// The hosts and paths of `scene`'s tabs, in order ("a.test/1").
    func pages(_ scene: SceneState) -> [String] {
        scene.browser.webStateList.webStates.map { webState in
            guard let url = webState.visibleURL ?? webState.lastCommittedURL else { return "?" }
            return (url.host ?? "") + url.path
        }
    }

    /// The session storage directory of the Default profile (its incognito one with
    /// `incognito`).
    func storage(incognito: Bool = false) -> URL {
        let profile = directory.appendingPathComponent("Default", isDirectory: true)
        return SessionServices.storageDirectory(
            inProfile: incognito ? profile.appendingPathComponent("OTR", isDirectory: true) : profile)
    }

    /// The session directories in the Default profile's storage.
    func sessionsOnDisk(incognito: Bool = false) -> [String] {
        let path = storage(incognito: incognito).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter {
            !$0.hasPrefix(".")
        }.sorted()
    }

    /// Rewrites `Local State` between runs, as a person or another program might: `edit`
    /// changes its `application` object (`open_scenes`, `crashed_scenes`, `exited_cleanly`).
    func editLocalState(_ edit: (inout [String: Any]) -> Void) {
        editRoot { root in
            var application = (root["application"] as? [String: Any]) ?? [:]
            edit(&application)
            root["application"] = application
        }
    }

    /// Rewrites `Local State` between runs: `edit` changes its top-level object.
    func editRoot(_ edit: (inout [String: Any]) -> Void) {
        let url = directory.appendingPathComponent("Local State")
        let data = (try? Data(contentsOf: url)) ?? Data("{}".utf8)
        var root = ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:]
        edit(&root)
        try! JSONSerialization.data(withJSONObject: root).write(to: url)
    }

    /// A window record of `Local State` for the session `sessionID` of the Default profile.
    static func sceneRecord(_ sessionID: String, incognito: Bool = false) -> [String: Any] {
        ["session_id": sessionID, "profile": "Default", "incognito": incognito]
    }

    /// Every path under the user data directory.
    func filesOnDisk() -> [String] {
        (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String]) ?? []
    }
}
