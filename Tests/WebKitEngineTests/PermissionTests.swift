import Base
import ContentSettings
import Foundation
import LocalHTTPServer
import Profiles
import Web
import WebKitEngine
import XCTest

/// Counts the prompts a tab shows (its permission requests' changes).
@MainActor
private final class PromptCounter: WebStateObserver {
    var count = 0
    var notifications: [WebNotification] = []
    var closedNotifications: [UInt64] = []
    func notificationClosed(_ webState: WebState, notificationID id: UInt64) {
        closedNotifications.append(id)
    }
    func permissionRequestsChanged(_ webState: WebState) { count += 1 }
    func notificationShown(_ webState: WebState, notification: WebNotification) {
        notifications.append(notification)
    }
}

/// WebKit's permission requests reach the tab's ``PermissionRequestManager`` over a real
/// profile's content settings, and its answer reaches the page.
final class PermissionTests: WebKitTestCase, @unchecked Sendable {
    /// A page whose `ask()` asks for notifications and shows the answer as its title. WebKit
    /// asks only from a user gesture (without one it denies at once, never emitting
    /// "permission-request"); a script the browser runs counts as one, as a click would.
    private static let notifications = HTTPResponse.page(
        title: "ready",
        body:
            "<script>function ask() { Notification.requestPermission().then(r => document.title = r) }</script>"
    )

    /// An application context in the test's profile directory, on the test's engine.
    @MainActor
    private func makeApplication() -> (ApplicationContext, HostContentSettingsMapFactory) {
        let context = ApplicationContext(
            userDataDirectory: UserDataDirectory(path: profileDirectory.appendingPathComponent("User Data")),
            engine: engine, clock: ManualTimerClock(), isTesting: true,
            registerProfilePrefs: HostContentSettingsMap.registerProfilePrefs)
        return (context, HostContentSettingsMapFactory.register(in: context))
    }

    /// A tab of `profile` with its permission request manager, loading `path`.
    @MainActor
    private func openTab(
        _ path: String, in profile: Profile, maps: HostContentSettingsMapFactory
    )
        -> (WebState, PermissionRequestManager, PromptCounter)
    {
        let webState = WebState(params: .init(context: profile.webEngineContext))
        let manager = PermissionRequestManager.attach(to: webState, store: maps.map(for: profile))
        let counter = PromptCounter()
        webState.addObserver(counter)
        webState.load(server.url(path))
        wait("the page") { webState.title == "ready" }
        webState.evaluateJavaScript("ask()") { _ in }
        return (webState, manager, counter)
    }

    func testAnAllowedNotificationRequestIsGrantedAndRememberedAfterTheProfileReopens() {
        onMainActor {
            server.route("/notify", Self.notifications)
            do {
                let (application, maps) = makeApplication()
                let profile = try! application.profileManager.createProfile(named: "Default")
                let (webState, manager, _) = openTab("/notify", in: profile, maps: maps)
                wait("the prompt") { manager.currentRequest != nil }
                XCTAssertEqual(manager.currentRequest?.kinds, [.notifications])
                XCTAssertEqual(
                    manager.currentRequest?.message, "127.0.0.1:\(server.port) wants to show notifications")
                manager.accept(remember: true)
                wait("the page's answer") { webState.title == "granted" }
                webState.close()
                application.shutdown()
            }
            let (application, maps) = makeApplication()
            defer { application.shutdown() }
            let profile = try! application.profileManager.loadProfile(named: "Default")
            let (webState, _, prompts) = openTab("/notify", in: profile, maps: maps)
            defer { webState.close() }
            wait("the page's answer after the reopening") { webState.title == "granted" }
            XCTAssertEqual(prompts.count, 0, "no prompt: the decision was remembered")
        }
    }

    func testABlockedNotificationRequestIsDenied() {
        onMainActor {
            server.route("/notify", Self.notifications)
            let (application, maps) = makeApplication()
            defer { application.shutdown() }
            let profile = try! application.profileManager.createProfile(named: "Default")
            let (webState, manager, _) = openTab("/notify", in: profile, maps: maps)
            defer { webState.close() }
            wait("the prompt") { manager.currentRequest != nil }
            manager.deny(remember: false)
            wait("the page's answer") { webState.title == "denied" }
        }
    }

    func testAPromptStillWaitingIsDeniedWhenThePageNavigatesAway() {
        onMainActor {
            server.route("/notify", Self.notifications)
            let (application, maps) = makeApplication()
            defer { application.shutdown() }
            let profile = try! application.profileManager.createProfile(named: "Default")
            let (webState, manager, prompts) = openTab("/notify", in: profile, maps: maps)
            defer { webState.close() }
            wait("the prompt") { manager.currentRequest != nil }
            webState.load(server.url("/a"))
            wait("the prompt to go") { manager.currentRequest == nil }
            XCTAssertEqual(prompts.count, 2)
            XCTAssertEqual(maps.map(for: profile).sitesWithExceptions.count, 0)
        }
    }

    func testAnAllowedPagesNotificationReachesTheTabAndItsClickReachesThePage() {
        onMainActor {
            server.route("/notify", Self.notifications)
            let (application, maps) = makeApplication()
            defer { application.shutdown() }
            let profile = try! application.profileManager.createProfile(named: "Default")
            let (webState, manager, observer) = openTab("/notify", in: profile, maps: maps)
            defer { webState.close() }
            wait("the prompt") { manager.currentRequest != nil }
            manager.accept(remember: false)
            wait("the page's answer") { webState.title == "granted" }
            webState.evaluateJavaScript(
                "new Notification('Hello', {body: 'from the page', tag: 't'}).onclick = () => document.title = 'clicked'"
            ) { _ in }
            wait("the notification") { !observer.notifications.isEmpty }
            XCTAssertEqual(observer.notifications.first?.title, "Hello")
            XCTAssertEqual(observer.notifications.first?.body, "from the page")
            XCTAssertEqual(observer.notifications.first?.tag, "t")
            webState.notificationClicked(observer.notifications[0].id)
            wait("the page's onclick") { webState.title == "clicked" }
            webState.evaluateJavaScript(
                "window.shown = new Notification('Later'); window.shown.onshow = () => window.shown.close()"
            ) { _ in }
            wait("the page's close()") { observer.closedNotifications.count == 1 }
            XCTAssertEqual(observer.closedNotifications, observer.notifications.last.map { [$0.id] })
        }
    }
}
