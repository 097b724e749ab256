import Application
import Base
import CAdwaita
import CGTK
import Commands
import Foundation
import GTKSupport
import GTKTestSupport
import ModelTestSupport
import Profiles
import UIInterfaces
import Web
import WebTestSupport
import XCTest

@testable import Coordinators

/// What the coordinator under test asked of its environment: the windows it made, how often
/// it ended the main loop.
@MainActor
private final class RecordingEnvironment {
    let directory = UserDataDirectory(path: TestProfile.makeUserDataDirectory())
    private(set) var windows: [UnsafeMutablePointer<GtkWidget>] = []
    private(set) var quits = 0
    /// Every application state made on the directory, kept alive as a process's would be.
    private(set) var appStates: [AppState] = []

    /// An application state on the fake engine in `directory`.
    func makeAppState() -> AppState {
        let app = AppState(
            userDataDirectory: directory, engine: FakeWebEngine(), clock: ManualTimerClock(), isTesting: true,
            attachTabHelpers: { _ = FindTabHelper.attach(to: $0) })
        appStates.append(app)
        return app
    }

    var environment: AppCoordinator.Environment {
        AppCoordinator.Environment(
            makeAppState: { [unowned self] _ in makeAppState() },
            makeWindow: { [unowned self] in
                let window = adw_window_new()!
                // Kept until the test ends, to ask whether it is shown after it was destroyed.
                g_object_ref(UnsafeMutableRawPointer(window))
                windows.append(window)
                return WindowHandle(window)
            },
            quit: { [unowned self] in quits += 1 }, watchesProcess: false)
    }

    /// Whether each window made is shown, in the order they were made.
    var shown: [Bool] { windows.map { gtk_widget_get_visible($0) != 0 } }

    /// Runs a clean run of the application on the directory, with a window per element of
    /// `windows`, each with a tab per URL.
    func runBefore(windows: [[String]]) throws {
        let app = makeAppState()
        try app.launch()
        for urls in windows { app.openNewScene(urls: urls.map { URL(string: $0)! }) }
        app.quit()
    }

    func releaseWindows() {
        for window in windows { g_object_unref(UnsafeMutableRawPointer(window)) }
        windows.removeAll()
    }
}

/// The application coordinator on the fake engine, in real GTK windows (under Xvfb:
/// scripts/run-tests): it makes a window for every scene the application announces, tears it
/// down when the scene goes, and quits through its environment.
final class AppCoordinatorTests: GTKTestCase, @unchecked Sendable {
    @MainActor
    private func makeCoordinator(_ environment: RecordingEnvironment) -> AppCoordinator {
        AppCoordinator(
            userDataDirectory: environment.directory, environment: environment.environment,
            parse: { .success(LaunchRequest(urls: $0)) })
    }

    /// Runs the main loop until `condition` holds (at most five seconds).
    @MainActor
    private func iterate(until condition: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(5)
        while !condition() && ContinuousClock.now < deadline { g_main_context_iteration(nil, 1) }
    }

    /// The hosts of each window's tabs: `"a b | c"`.
    @MainActor
    private func describe(_ coordinator: AppCoordinator) -> String {
        coordinator.windows.map { window in
            window.browser.webStateList.webStates.map { $0.visibleURL?.host ?? "?" }.joined(separator: " ")
        }.joined(separator: " | ")
    }

    func testTheWindowsOfTheLastRunAreMadeAtLaunchAndShownByTheFirstCommandLine() throws {
        try onMainActor {
            let environment = RecordingEnvironment()
            defer { environment.releaseWindows() }
            try environment.runBefore(windows: [["https://a.test/"], ["https://b.test/", "https://c.test/"]])
            let coordinator = makeCoordinator(environment)

            coordinator.start()
            XCTAssertEqual(describe(coordinator), "a.test | b.test c.test")
            XCTAssertEqual(coordinator.children.count, 2)
            XCTAssertEqual(environment.shown, [false, false], "not before the first command line")

            XCTAssertEqual(coordinator.handleCommandLine(["https://d.test/"], isRemote: false), 0)
            XCTAssertEqual(environment.shown, [true, true])
            XCTAssertEqual(
                describe(coordinator), "a.test | b.test c.test d.test", "its page in the last window")
            coordinator.shutDown()
        }
    }

    func testAFirstLaunchOpensAWindowWithTheStartPage() {
        onMainActor {
            let environment = RecordingEnvironment()
            defer { environment.releaseWindows() }
            let coordinator = makeCoordinator(environment)
            coordinator.start()
            XCTAssertTrue(coordinator.windows.isEmpty)
            XCTAssertEqual(coordinator.handleCommandLine([], isRemote: false), 0)
            XCTAssertEqual(coordinator.windows.count, 1)
            XCTAssertEqual(
                coordinator.windows.first?.browser.webStateList.activeWebState?.visibleURL,
                URL(string: "about:blank"))
            XCTAssertEqual(environment.shown, [true])
            coordinator.shutDown()
        }
    }

    func testANewSceneAnnouncedMakesAWindowShownAtOnce() throws {
        try onMainActor {
            let environment = RecordingEnvironment()
            defer { environment.releaseWindows() }
            let coordinator = makeCoordinator(environment)
            coordinator.start()
            _ = coordinator.handleCommandLine(["https://a.test/"], isRemote: false)
            let appState = try XCTUnwrap(coordinator.appState)

            appState.openNewScene(urls: [URL(string: "https://b.test/")!])
            XCTAssertEqual(describe(coordinator), "a.test | b.test")
            XCTAssertEqual(coordinator.children.count, 2)
            XCTAssertEqual(environment.shown, [true, true])

            // What a window asks of the application: its dispatcher routes it to the scene
            // mediator, and the window comes from the scene the application announces.
            let first = try XCTUnwrap(coordinator.windows.first)
            first.browser.commandDispatcher.dispatch((any SceneCommands).self) {
                $0.openNewWindow(incognito: true)
            }
            XCTAssertEqual(coordinator.windows.map(\.isIncognito), [false, false, true])
            XCTAssertEqual(environment.shown, [true, true, true])
            coordinator.shutDown()
        }
    }

    func testAClosedSceneTearsItsWindowDown() throws {
        try onMainActor {
            let environment = RecordingEnvironment()
            defer { environment.releaseWindows() }
            try environment.runBefore(windows: [
                ["https://a.test/"], ["https://b.test/"], ["https://c.test/"],
            ])
            let coordinator = makeCoordinator(environment)
            coordinator.start()
            _ = coordinator.handleCommandLine([], isRemote: false)
            let appState = try XCTUnwrap(coordinator.appState)
            let (first, second) = (coordinator.windows[0], coordinator.windows[1])

            appState.closeScene(first.scene)
            XCTAssertEqual(describe(coordinator), "b.test | c.test")
            XCTAssertFalse(first.isStarted)
            XCTAssertEqual(coordinator.children.count, 2)
            XCTAssertEqual(environment.shown, [false, true, true], "its window is gone")

            // The user closes a window by closing its last tab: its scene goes the same way.
            second.browser.commandDispatcher.dispatch((any BrowserCommands).self) { $0.closeCurrentTab() }
            iterate { coordinator.windows.count < 2 }
            XCTAssertEqual(describe(coordinator), "c.test")
            XCTAssertFalse(second.isStarted)
            XCTAssertEqual(appState.scenes.count, 1)
            XCTAssertEqual(environment.quits, 0)

            // The last window's close quits instead: it comes back at the next launch.
            let last = try XCTUnwrap(coordinator.windows.first)
            last.browser.commandDispatcher.dispatch((any BrowserCommands).self) { $0.closeCurrentTab() }
            iterate { environment.quits > 0 }
            XCTAssertEqual(environment.quits, 1)
            XCTAssertEqual(appState.scenes.count, 1, "the application's shutdown closes it")
            coordinator.shutDown()
        }
    }

    func testQuitEndsTheMainLoopAndTheShutdownSavesEveryWindowForTheNextLaunch() throws {
        try onMainActor {
            let environment = RecordingEnvironment()
            defer { environment.releaseWindows() }
            let coordinator = makeCoordinator(environment)
            coordinator.start()
            _ = coordinator.handleCommandLine(["https://a.test/"], isRemote: false)
            let appState = try XCTUnwrap(coordinator.appState)
            appState.openNewScene(urls: [URL(string: "https://b.test/")!, URL(string: "https://c.test/")!])
            let windows = coordinator.windows

            // Ctrl+Q, as the window's menu sends it.
            windows[0].browser.commandDispatcher.dispatch((any ApplicationCommands).self) { $0.quit() }
            XCTAssertEqual(environment.quits, 1)
            XCTAssertEqual(coordinator.windows.count, 2, "the windows stay until the main loop ends")

            coordinator.shutDown()
            XCTAssertTrue(coordinator.windows.isEmpty)
            XCTAssertTrue(coordinator.children.isEmpty)
            XCTAssertFalse(coordinator.isStarted)
            XCTAssertTrue(windows.allSatisfy { !$0.isStarted })
            XCTAssertTrue(appState.isTerminating)
            XCTAssertNil(coordinator.appState)
            XCTAssertEqual(environment.shown, [false, false])

            let next = environment.makeAppState()
            let outcome = try next.launch()
            XCTAssertEqual(
                outcome.restoredScenes.map {
                    $0.browser.webStateList.webStates.map { $0.visibleURL?.host ?? "?" }
                },
                [["a.test"], ["b.test", "c.test"]])
            next.quit()
        }
    }
}
