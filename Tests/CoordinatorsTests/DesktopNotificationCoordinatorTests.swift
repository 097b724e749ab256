import Application
import Base
import CGLib
import Foundation
import ModelTestSupport
import Profiles
import TabModel
import UIInterfaces
import Web
import WebTestSupport
import XCTest

@testable import Coordinators

/// A window's pages' notifications reach the application (through an injected sender), and a
/// click brings their tab forward.
final class DesktopNotificationCoordinatorTests: XCTestCase, @unchecked Sendable {
    @MainActor
    private func makeScene() -> (AppState, SceneState) {
        let app = AppState(
            userDataDirectory: UserDataDirectory(path: TestProfile.makeUserDataDirectory()),
            engine: FakeWebEngine(), clock: ManualTimerClock(), isTesting: true)
        _ = try? app.launch()
        return (app, app.openNewScene())
    }

    func testANotificationReachesTheApplicationAndItsClickBringsTheTabForward() {
        MainActor.assumeIsolated {
            let (app, scene) = makeScene()
            defer { app.quit() }
            var sent: [String] = []
            var presented = 0
            let presenter = DesktopNotificationPresenter { id, notification in
                XCTAssertNotNil(notification)
                sent.append(id)
            }
            let list = scene.browser.webStateList
            let coordinator = DesktopNotificationCoordinator(
                webStateList: list, dispatcher: scene.browser.commandDispatcher, presenter: presenter
            ) { presented += 1 }
            coordinator.start()
            for name in ["a", "b"] {
                let tab = WebState(params: .init(context: scene.profile.webEngineContext))
                tab.load(URL(string: "http://\(name).test/")!)
                list.insert(tab)
            }
            list.activate(at: 0)
            let tab = list.webState(at: 1)
            let content = tab.view.owner as! FakeWebContent
            XCTAssertTrue(content.simulateNotification(WebNotification(id: 3, title: "Hi", body: "there")))
            XCTAssertEqual(sent, ["tab-\(tab.id.rawValue)-3"])

            let item = DesktopNotificationItem(
                id: sent[0], title: "Hi", body: "there", tab: TabIdentifier(Int(tab.id.rawValue)),
                notificationID: 3)
            let target = DesktopNotificationPresenter.target(for: item)
            let parsed = DesktopNotificationPresenter.parse(target: target)
            XCTAssertEqual(parsed?.tab, item.tab)
            XCTAssertTrue(
                DesktopNotificationCoordinator.notificationClicked(
                    tab: parsed!.tab, notificationID: parsed!.notificationID))
            XCTAssertEqual(list.activeIndex, 1)
            XCTAssertEqual(presented, 1)
            XCTAssertEqual(content.clickedNotifications, [3])
            coordinator.stop()
            XCTAssertFalse(
                DesktopNotificationCoordinator.notificationClicked(tab: item.tab, notificationID: 3))
        }
    }
}
