import Foundation
import Mediators
import ModelTestSupport
import TabModel
import Testing
import UIInterfaces
import Web
import WebTestSupport

@MainActor
final class RecordingDesktopNotificationConsumer: DesktopNotificationConsumer {
    var shown: [DesktopNotificationItem] = []
    func showDesktopNotification(_ item: DesktopNotificationItem) { shown.append(item) }
}

/// Pages' notifications to the desktop and clicks back, on the fake engine.
@MainActor
struct DesktopNotificationMediatorTests {
    let engine = FakeWebEngine()
    let consumer = RecordingDesktopNotificationConsumer()

    private func makeBrowser(_ names: [String]) -> (Browser, DesktopNotificationMediator) {
        let browser = Browser(kind: .regular, profile: TestProfile.make(engine: engine), delegate: nil)
        for name in names {
            let tab = WebState(params: .init(context: browser.profile.webEngineContext))
            tab.load(URL(string: "http://\(name).test/")!)
            browser.webStateList.insert(tab)
        }
        browser.webStateList.activate(at: 0)
        let mediator = DesktopNotificationMediator(webStateList: browser.webStateList)
        mediator.consumer = consumer
        return (browser, mediator)
    }

    private func content(_ webState: WebState) -> FakeWebContent { webState.view.owner as! FakeWebContent }

    @Test func aPagesNotificationReachesTheDesktopNamingItsTab() {
        let (browser, mediator) = makeBrowser(["a", "b"])
        defer { withExtendedLifetime(mediator) {} }
        let tab = browser.webStateList.webState(at: 1)
        #expect(content(tab).simulateNotification(WebNotification(id: 7, title: "Hello", body: "from b")))
        content(tab).simulateNotification(WebNotification(id: 8, title: "Again", body: "", tag: "chat"))
        let id = TabIdentifier(tab)
        #expect(
            consumer.shown == [
                DesktopNotificationItem(
                    id: "tab-\(id.rawValue)-7", title: "Hello", body: "from b", tab: id, notificationID: 7),
                DesktopNotificationItem(
                    id: "tab-\(id.rawValue)-tag-chat", title: "Again", body: "", tab: id, notificationID: 8),
            ])
    }

    @Test func aClickActivatesTheTabAndTellsItsPage() {
        let (browser, mediator) = makeBrowser(["a", "b"])
        let tab = browser.webStateList.webState(at: 1)
        content(tab).simulateNotification(WebNotification(id: 7, title: "Hello", body: ""))
        let item = consumer.shown[0]
        #expect(mediator.notificationClicked(tab: item.tab, notificationID: item.notificationID))
        #expect(browser.webStateList.activeIndex == 1)
        #expect(content(tab).clickedNotifications == [7])
        #expect(
            !mediator.notificationClicked(tab: TabIdentifier(-1), notificationID: 7), "not this window's tab")
    }
}
