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
    var withdrawn: [String] = []
    func showDesktopNotification(_ item: DesktopNotificationItem) { shown.append(item) }
    func withdrawDesktopNotification(id: String) { withdrawn.append(id) }
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

    @Test func aNotificationThePageClosesOrWhoseTabClosesLeavesTheDesktop() {
        let (browser, mediator) = makeBrowser(["a", "b"])
        defer { withExtendedLifetime(mediator) {} }
        let (a, b) = (browser.webStateList.webState(at: 0), browser.webStateList.webState(at: 1))
        content(a).simulateNotification(WebNotification(id: 1, title: "One", body: ""))
        content(a).simulateNotification(WebNotification(id: 2, title: "Chat", body: "", tag: "chat"))
        content(a).simulateNotification(WebNotification(id: 3, title: "Chat again", body: "", tag: "chat"))
        content(b).simulateNotification(WebNotification(id: 4, title: "Four", body: ""))
        let (idA, idB) = (TabIdentifier(a).rawValue, TabIdentifier(b).rawValue)

        content(a).simulateNotificationClosed(1)
        content(a).simulateNotificationClosed(2)  // replaced by 3: its desktop entry is 3's now
        content(a).simulateNotificationClosed(1)  // closed already
        #expect(consumer.withdrawn == ["tab-\(idA)-1"])

        browser.webStateList.close(at: 1, flags: .userAction)
        browser.webStateList.close(at: 0, flags: .userAction)
        #expect(consumer.withdrawn == ["tab-\(idA)-1", "tab-\(idB)-4", "tab-\(idA)-tag-chat"])
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
