import Application
import Base
public import Foundation
import Profiles
import Sessions
import TabModel
import Web
import WebTestSupport

/// The real launch sequence over a fuzzed `Local State` and `Preferences`: a user data
/// directory with two saved windows ("w0", "w1") and a recently closed tab is copied for each
/// input, the input replaces the two prefs files, and two runs of the application follow:
/// `AppState.launch`, the user's Restore (when windows of a crashed run wait for it), every
/// tab realized, a new window, quit. Every call must return; a crash is a finding.
@MainActor
public enum LaunchFuzzHarness {
    /// The user data directory of one input.
    public static var userData: URL { FuzzHarness.scratch.appendingPathComponent("launch/User Data") }
    private static var template: URL { FuzzHarness.scratch.appendingPathComponent("launch-template") }

    /// Splits an input: before the first NUL byte, `Local State`; after it, `Preferences`
    /// (the same bytes for both without one).
    public static func files(of input: Data) -> (localState: Data, preferences: Data) {
        guard let separator = input.firstIndex(of: 0) else { return (input, input) }
        return (input[..<separator], input[input.index(after: separator)...])
    }

    /// Runs the launch sequence twice over `localState` and `preferences`.
    public static func run(localState: Data, preferences: Data) {
        makeTemplateOnce()
        try? FileManager.default.removeItem(at: userData.deletingLastPathComponent())
        try? FileManager.default.createDirectory(
            at: userData.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.copyItem(at: template, to: userData)
        try? localState.write(to: userData.appendingPathComponent("Local State"))
        try? preferences.write(to: userData.appendingPathComponent("Default/Preferences"))
        for _ in 0..<2 { runOnce() }
    }

    private static func runOnce() {
        let runner = ManualMainTaskRunner()
        let app = AppState(
            userDataDirectory: UserDataDirectory(path: userData), engine: FakeWebEngine(),
            clock: ManualTimerClock(), mainTaskRunner: runner, isTesting: true, saveDelay: .seconds(1))
        guard (try? app.launch()) != nil else { return }
        if app.hasCrashedScenes { app.restoreCrashedScenes() }
        for scene in app.scenes {
            for webState in scene.browser.webStateList.webStates { webState.forceRealized() }
        }
        let scene = app.openNewScene()
        let webState = WebState(params: .init(context: scene.profile.webEngineContext))
        scene.browser.webStateList.insert(webState, .automatic.activating())
        webState.load(URL(string: "https://fuzz.test/")!)
        runner.runUntilIdle()
        app.quit()
        runner.runUntilIdle()
    }

    private static var madeTemplate = false

    /// The user data directory every input starts from, made once per process by the real
    /// services: windows w0 and w1 of the Default profile, and a recently closed tab.
    private static func makeTemplateOnce() {
        guard !madeTemplate else { return }
        madeTemplate = true
        let storage = template.appendingPathComponent("Default/SessionStorage")
        try? FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
        for sessionID in ["w0", "w1"] { _ = FuzzHarness.writeValidSession(sessionID, in: storage) }
        let tabRestore = TabRestoreService(
            fileURL: template.appendingPathComponent("Default/" + SessionFormat.recentlyClosedFileName))
        let browser = FuzzHarness.makeBrowser()
        tabRestore.observe(browser, sessionID: "w0")
        let webState = WebState(params: .init(context: browser.profile.webEngineContext))
        webState.load(URL(string: "https://closed.test/")!)
        browser.webStateList.insert(webState)
        browser.webStateList.close(at: 0, flags: .userAction)
        tabRestore.flush()
    }
}
