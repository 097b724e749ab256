import Application
import Base
import Foundation
import Mediators
import ModelTestSupport
import Profiles
import TabModel
import Testing
import UIInterfaces
import Web
import WebTestSupport

/// The scene mediator over a real, launched ``AppState`` on the fake engine: what windows ask
/// of the application, sent through each window's handler as its view controllers send them,
/// and the move targets each window's tab strip is told.
@MainActor
struct SceneMediatorTests {
    let directory = TestProfile.makeUserDataDirectory()
    let clock = ManualTimerClock()
    let mainTaskRunner = ManualMainTaskRunner()
    let engine = FakeWebEngine()
    let app: AppState
    let mediator: SceneMediator
    static let startPage = URL(string: "about:blank")!

    init() throws {
        engine.setPage(URL(string: "https://untitled.test/")!, .init(title: ""))
        app = Self.makeApp(directory, engine, clock, mainTaskRunner)
        try app.launch()
        mediator = SceneMediator(appState: app, startPageURL: Self.startPage)
    }

    static func makeApp(
        _ directory: URL, _ engine: FakeWebEngine, _ clock: ManualTimerClock, _ runner: ManualMainTaskRunner
    ) -> AppState {
        AppState(
            userDataDirectory: UserDataDirectory(path: directory), engine: engine, clock: clock,
            mainTaskRunner: runner, isTesting: true, saveDelay: .seconds(1))
    }

    /// A new window with a tab per host (`"a"`: https://a.test/), the last one active.
    @discardableResult
    func openWindow(_ hosts: [String], incognito: Bool = false) -> SceneState {
        app.openNewScene(incognito: incognito, urls: hosts.map { URL(string: "https://\($0).test/")! })
    }

    /// The tab showing `host`, as the UI knows it.
    func tab(_ host: String) -> TabIdentifier {
        let webState = app.scenes.flatMap(\.browser.webStateList.webStates).first {
            $0.visibleURL?.host == "\(host).test"
        }
        return webState.map { TabIdentifier(Int($0.id.rawValue)) } ?? TabIdentifier(987_654)
    }

    /// Every window's tabs by host, the active one starred: `"a b* | c*"`.
    func describe() -> String {
        app.scenes.map { scene in
            let list = scene.browser.webStateList
            return list.webStates.enumerated().map { index, webState in
                let host = webState.visibleURL?.host?.replacingOccurrences(of: ".test", with: "") ?? "?"
                return index == list.activeIndex ? host + "*" : host
            }.joined(separator: " ")
        }.joined(separator: " | ")
    }

    @Test(arguments: [
        // (command, every window after it; the third window is incognito)
        ("move b to 2", "a c* | d b* | x*"),
        ("move b to 2 at 0", "a c* | b* d | x*"),
        ("move b to 2 at 9", "a c* | d b* | x*"),
        ("move b to 2 at -1", "a c* | b* d | x*"),
        ("move b to 1", "a b c* | d* | x*"),
        ("move b to incognito", "a b c* | d* | x*"),
        ("move b to a closed window", "a b c* | d* | x*"),
        ("move a gone tab to 2", "a b c* | d* | x*"),
        ("move b to a new window", "a c* | d* | x* | b*"),
        ("move d to a new window", "a b c* | d* | x*"),
    ])
    func tabsMoveByTheirGlobalIdentifierToAWindowOfTheirProfile(command: String, expected: String) {
        let first = openWindow(["a", "b", "c"])
        let second = openWindow(["d"])
        let incognito = openWindow(["x"], incognito: true)
        let commands = mediator.handler(for: first)
        let window = WindowIdentifier(second.sessionID)
        switch command {
        case "move b to 2": commands.moveTab(tab("b"), toWindow: window)
        case "move b to 2 at 0": commands.moveTab(tab("b"), toWindow: window, at: 0)
        case "move b to 2 at 9": commands.moveTab(tab("b"), toWindow: window, at: 9)
        case "move b to 2 at -1": commands.moveTab(tab("b"), toWindow: window, at: -1)
        case "move b to 1": commands.moveTab(tab("b"), toWindow: WindowIdentifier(first.sessionID))
        case "move b to incognito":
            commands.moveTab(tab("b"), toWindow: WindowIdentifier(incognito.sessionID))
        case "move b to a closed window": commands.moveTab(tab("b"), toWindow: WindowIdentifier("closed"))
        case "move a gone tab to 2": commands.moveTab(tab("gone"), toWindow: window)
        case "move b to a new window": commands.moveTabToNewWindow(tab("b"))
        case "move d to a new window": commands.moveTabToNewWindow(tab("d"))
        default: Issue.record("unknown command \(command)")
        }
        #expect(describe() == expected)
    }

    @Test func aTabIsFoundInAnyWindowWhicheverWindowSendsTheMove() {
        let first = openWindow(["a", "b"])
        let second = openWindow(["c"])
        // The drop on the second window's bar is sent by the tab's own strip; any window's
        // handler finds the tab.
        mediator.handler(for: second).moveTab(tab("a"), toWindow: WindowIdentifier(second.sessionID), at: 0)
        #expect(describe() == "b* | a* c")
        _ = first
    }

    @Test func eachStripIsToldItsWindowAndTheOtherWindowsOfItsProfileAfterEveryChange() {
        let first = openWindow(["a", "b"])
        let second = openWindow(["c"])
        let blank = openWindow(["untitled"])
        openWindow(["x"], incognito: true)
        let strip = RecordingTabMoveTargetsConsumer()
        mediator.setMoveTargetsConsumer(strip, for: first)
        #expect(strip.window == WindowIdentifier(first.sessionID))
        #expect(
            strip.targets.map(\.window) == [
                WindowIdentifier(second.sessionID), WindowIdentifier(blank.sessionID),
            ])
        // Named after the active tab (the fake engine titles a page with its host); a window
        // whose tab has no title by its number in the order the windows opened.
        #expect(strip.pushes == ["c.test, Window 3"])

        mediator.handler(for: first).moveTab(tab("b"), toWindow: WindowIdentifier(second.sessionID))
        #expect(strip.pushes.last == "b.test, Window 3", "the window the tab moved to is named after it")
        openWindow(["d"])
        #expect(strip.pushes.last == "b.test, Window 3, d.test")
        mediator.closeWindow(WindowIdentifier(blank.sessionID))
        #expect(strip.pushes.last == "b.test, d.test")
        mediator.setMoveTargetsConsumer(nil, for: first)
        openWindow(["e"])
        #expect(strip.pushes.count == 4, "nothing once the strip let go")
    }

    @Test func newWindowsOpenTheStartPageOrTheirPagesInTheProfileAsked() {
        let commands = mediator.handler(for: openWindow(["a"]))
        commands.openNewWindow(incognito: false)
        commands.openNewWindow(incognito: true)
        mediator.openWindow(
            urls: [URL(string: "https://b.test/")!, URL(string: "https://c.test/")!], incognito: false)
        #expect(describe() == "a* | ?* | ?* | b c*")
        #expect(app.scenes.map(\.isIncognito) == [false, false, true, false])
        #expect(app.scenes[1].browser.webStateList.activeWebState?.visibleURL == Self.startPage)
    }

    @Test func reopeningSendsATabBackToItsWindowOrToTheWindowThatAskedWhenItsOwnIsGone() {
        let first = openWindow(["a", "b"])
        let second = openWindow(["c", "d"])
        first.browser.webStateList.close(at: 1, flags: .userAction)  // b
        second.browser.webStateList.close(at: 1, flags: .userAction)  // d
        mediator.closeWindow(WindowIdentifier(second.sessionID))
        app.sessionServices.sessionRestoration(for: first.profile).waitForPendingIO()
        mainTaskRunner.runUntilIdle()
        let commands = mediator.handler(for: first)

        commands.reopenLastClosed()
        #expect(describe() == "a* | c*", "the closed window comes back, as a new window")
        commands.reopenLastClosed()
        #expect(describe() == "a d* | c*", "its old window is gone: into the window that asked")
        commands.reopenLastClosed()
        #expect(describe() == "a b* d | c*", "back into its own window, where it was")
    }

    /// Two windows, then a crash; the next run, launched, with its mediator.
    private func crashAndRelaunch() throws -> (AppState, SceneMediator) {
        openWindow(["a"])
        openWindow(["b", "c"])
        // The process dies: its saves reach the disk, the quit sequence does not run.
        clock.advance(by: .seconds(1))
        for profile in app.context.profileManager.loadedProfiles {
            app.sessionServices.sessionRestoration(for: profile).waitForPendingIO()
        }
        app.context.localState.flush()

        let next = Self.makeApp(directory, FakeWebEngine(), clock, mainTaskRunner)
        try next.launch()
        return (next, SceneMediator(appState: next, startPageURL: Self.startPage))
    }

    @Test func restoringThePreviousSessionRestoresTheCrashedWindowsOnceInPlaceOfTheBlankWindow() throws {
        let (next, mediator) = try crashAndRelaunch()
        let blank = next.openNewScene(urls: [Self.startPage])
        let commands = mediator.handler(for: blank)
        #expect(next.hasCrashedScenes)
        commands.restorePreviousSession()
        #expect(next.scenes.map { $0.browser.webStateList.count } == [1, 2])
        #expect(!next.scenes.contains { $0 === blank }, "the blank window the user asked in is gone")
        #expect(!next.hasCrashedScenes)
        commands.restorePreviousSession()
        #expect(next.scenes.count == 2)
        mediator.disconnect()
        next.quit()
    }

    @Test func restoringThePreviousSessionKeepsAWindowTheUserUsedAndOtherBlankWindows() throws {
        let (next, mediator) = try crashAndRelaunch()
        let used = next.openNewScene(urls: [URL(string: "https://used.test/")!])
        let otherBlank = next.openNewScene(urls: [Self.startPage])
        mediator.handler(for: used).restorePreviousSession()
        #expect(next.scenes.map { $0.browser.webStateList.count } == [1, 1, 1, 2])
        #expect(next.scenes[0] === used && next.scenes[1] === otherBlank)
        mediator.disconnect()
        next.quit()
    }

    @Test func nothingHappensOnceTheApplicationQuits() {
        let first = openWindow(["a", "b"])
        let commands = mediator.handler(for: first)
        app.quit()
        commands.openNewWindow(incognito: false)
        commands.moveTabToNewWindow(tab("a"))
        mediator.openWindow(urls: [], incognito: false)
        #expect(app.scenes.isEmpty)
    }
}
