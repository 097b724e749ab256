import Application
public import Base
public import Foundation
import ModelTestSupport
import Sessions
import TabModel
import Web
public import WebTestSupport

/// A user data directory written by the real services, for tests of what reads one.
@MainActor
public enum SampleUserDataDirectory {
    /// A user data directory as a browser leaves it: profile Default with an open window
    /// "main" (pinned tab, a group, an opener, the active tab), an open incognito window
    /// "private" (whose files a quit deletes, with the off-the-record profile), a window
    /// the user closed ("old"), and one recently closed tab.
    ///
    /// Without `quit`, the run "crashes": it never shuts down.
    public static func make(engine: FakeWebEngine, clock: ManualTimerClock, quit: Bool = true) throws -> URL {
        let app = TestProfile.makeApplicationContext(
            engine: engine, clock: clock, registerLocalStatePrefs: OpenSceneRegistry.registerPrefs)
        let registry = OpenSceneRegistry(localState: app.localState)
        app.start()
        let services = SessionServices.register(in: app, saveDelay: .seconds(1))
        let profile = try app.profileManager.createProfile(named: "Default")
        let sessions = services.sessionRestoration(for: profile)
        let tabRestore = services.tabRestore(for: profile)

        let main = Browser(kind: .regular, profile: profile, delegate: nil)
        sessions.setSessionID("main", for: main)
        tabRestore.observe(main, sessionID: "main")
        let tabs = ["a", "b", "c", "d", "e"].map { name in
            let tab = WebState(params: .init(context: profile.webEngineContext))
            tab.load(URL(string: "https://\(name).test/")!)
            return tab
        }
        tabs[0].load(URL(string: "https://a.test/second")!)
        main.webStateList.insert(tabs[0], .automatic.pinning())
        main.webStateList.insert(tabs[1])
        main.webStateList.insert(tabs[2], .automatic.withOpener(WebStateOpener(tabs[1])))
        main.webStateList.insert(tabs[3])
        main.webStateList.insert(tabs[4])
        main.webStateList.createGroup(
            indices: [2, 3], visualData: TabGroupVisualData(title: "Work", color: .blue))
        main.webStateList.activate(at: 2)
        main.webStateList.close(at: 4, flags: .userAction)

        let otr = profile.offTheRecordProfile
        let incognito = Browser(kind: .incognito, profile: otr, delegate: nil)
        services.sessionRestoration(for: otr).setSessionID("private", for: incognito)
        let secret = WebState(params: .init(context: otr.webEngineContext))
        secret.load(URL(string: "https://secret.test/")!)
        incognito.webStateList.insert(secret, .automatic.activating())

        let old = Browser(kind: .regular, profile: profile, delegate: nil)
        sessions.setSessionID("old", for: old)
        let gone = WebState(params: .init(context: profile.webEngineContext))
        gone.load(URL(string: "https://old.test/")!)
        old.webStateList.insert(gone, .automatic.activating())

        registry.add(.init(sessionID: "main", profileName: "Default"))
        registry.add(.init(sessionID: "private", profileName: "Default", isIncognito: true))
        for service in [sessions, services.sessionRestoration(for: otr)] {
            service.saveSessions()
            service.waitForPendingIO()
        }
        tabRestore.flush()
        if quit { app.shutdown() } else { app.localState.flush() }
        return app.userDataDirectory.path
    }

    /// A user data directory as a clean quit leaves it: profile Default with the windows
    /// `sessionIDs` open, each with two tabs (`https://<id>.test/1` and `…/2`, the second
    /// active), and one recently closed tab.
    public static func makeOpenWindows(
        _ sessionIDs: [String], engine: FakeWebEngine, clock: ManualTimerClock
    ) throws -> URL {
        let app = TestProfile.makeApplicationContext(
            engine: engine, clock: clock, registerLocalStatePrefs: OpenSceneRegistry.registerPrefs)
        let registry = OpenSceneRegistry(localState: app.localState)
        app.start()
        let services = SessionServices.register(in: app, saveDelay: .seconds(1))
        let profile = try app.profileManager.createProfile(named: "Default")
        let sessions = services.sessionRestoration(for: profile)
        let tabRestore = services.tabRestore(for: profile)
        for sessionID in sessionIDs {
            let browser = Browser(kind: .regular, profile: profile, delegate: nil)
            sessions.setSessionID(sessionID, for: browser)
            tabRestore.observe(browser, sessionID: sessionID)
            for path in ["1", "2", "closed"] {
                let tab = WebState(params: .init(context: profile.webEngineContext))
                tab.load(URL(string: "https://\(sessionID).test/\(path)")!)
                browser.webStateList.insert(tab, .automatic.activating())
            }
            browser.webStateList.close(at: 2, flags: .userAction)
            registry.add(.init(sessionID: sessionID, profileName: "Default"))
        }
        sessions.saveSessions()
        sessions.waitForPendingIO()
        tabRestore.flush()
        app.shutdown()
        return app.userDataDirectory.path
    }
}
