import Foundation
import Mediators
import ModelTestSupport
import Sessions
import TabModel
import TestSupport
import Testing
import UIInterfaces
import Web
import WebTestSupport

@MainActor
struct RecentlyClosedMediatorTests {
    let engine = FakeWebEngine()
    let consumer = RecordingRecentlyClosedConsumer()

    func window(_ service: TabRestoreService, _ urls: [String]) -> Browser {
        let browser = Browser(kind: .regular, profile: TestProfile.make(engine: engine), delegate: nil)
        service.observe(browser, sessionID: "w")
        for url in urls {
            let tab = WebState(params: .init(context: engine.defaultContext))
            tab.load(URL(string: url)!)
            browser.webStateList.insert(tab)
        }
        return browser
    }

    @Test func entriesArePushedNewestFirstWhenTheyChange() {
        let service = TabRestoreService(fileURL: nil)
        let mediator = RecentlyClosedMediator(tabRestore: service)
        mediator.consumer = consumer
        #expect(consumer.itemPushes == [[]])
        #expect(consumer.canRestore == [false])
        let browser = window(service, ["https://a.test/", "https://b.test/"])
        browser.webStateList.close(at: 0, flags: .userAction)
        service.recordWindow(browser, sessionID: "w")
        // The fake engine titles a page with its host.
        #expect(consumer.itemPushes.last == ["W b.test×1", "a.test×1"])
        service.clear()
        #expect(consumer.itemPushes.last == [])
        mediator.disconnect()
    }

    @Test func theOfferToRestoreIsPushedOnlyWhenItChanges() {
        let mediator = RecentlyClosedMediator(tabRestore: TabRestoreService(fileURL: nil))
        mediator.consumer = consumer
        mediator.canRestorePreviousSession = true
        mediator.canRestorePreviousSession = true
        mediator.canRestorePreviousSession = false
        #expect(consumer.canRestore == [false, true, false])
        mediator.disconnect()
    }

    @Test func nothingIsPushedAfterDisconnect() {
        let service = TabRestoreService(fileURL: nil)
        let mediator = RecentlyClosedMediator(tabRestore: service)
        mediator.consumer = consumer
        mediator.disconnect()
        let browser = window(service, ["https://a.test/"])
        browser.webStateList.close(at: 0, flags: .userAction)
        #expect(consumer.itemPushes == [[]])
    }

    @Test func usingItAfterDisconnectFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let mediator = RecentlyClosedMediator(tabRestore: TabRestoreService(fileURL: nil))
                mediator.disconnect()
                mediator.canRestorePreviousSession = true
            }
        }.expectPreconditionMessage("RecentlyClosedMediator.canRestorePreviousSession")
    }
}
