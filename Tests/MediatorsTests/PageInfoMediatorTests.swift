import ContentSettings
import Foundation
import Mediators
import ModelTestSupport
import Prefs
import TabModel
import TestSupport
import Testing
import UIInterfaces
import Web
import WebTestSupport

@MainActor
final class RecordingPageInfoConsumer: PageInfoConsumer {
    var pushes: [String] = []
    func setPageInfo(_ item: PageInfoItem?) {
        guard let item else { return pushes.append("hidden") }
        let permissions = item.site.permissions.map { "\($0.name) \($0.isAllowed ? "on" : "off")" }
        let uses = [item.usesCamera ? "camera" : nil, item.usesMicrophone ? "mic" : nil].compactMap { $0 }
        pushes.append("\(item.site.name): \((permissions + uses).joined(separator: ", "))")
    }
}

/// The page info button of a window's active tab, on the fake engine over a map in memory.
@MainActor
struct PageInfoMediatorTests {
    let engine = FakeWebEngine()
    let consumer = RecordingPageInfoConsumer()
    let map: HostContentSettingsMap = {
        let registry = PrefRegistry()
        HostContentSettingsMap.registerProfilePrefs(registry)
        return HostContentSettingsMap(prefs: PrefService(registry: registry))
    }()

    private func makeBrowser(_ names: [String]) -> (Browser, PageInfoMediator) {
        let browser = Browser(kind: .regular, profile: TestProfile.make(engine: engine), delegate: nil)
        for name in names {
            let tab = WebState(params: .init(context: browser.profile.webEngineContext))
            tab.load(URL(string: "http://\(name).test/")!)
            browser.webStateList.insert(tab)
        }
        browser.webStateList.activate(at: 0)
        let mediator = PageInfoMediator(webStateList: browser.webStateList, map: map)
        mediator.consumer = consumer
        return (browser, mediator)
    }

    private func origin(_ name: String) -> Origin { Origin(url: URL(string: "http://\(name).test/")!)! }

    @Test func theButtonShowsWhileTheActiveSiteHasADecisionOrUsesADevice() {
        map.setContentSetting(.allow, for: origin("b"), type: .notifications)
        let (browser, mediator) = makeBrowser(["a", "b"])
        let list = browser.webStateList
        list.activate(at: 1)
        map.setContentSetting(.block, for: origin("b"), type: .geolocation)
        (list.webState(at: 0).view.owner as! FakeWebContent).simulateMediaCapture(.init(camera: true))
        list.activate(at: 0)
        (list.webState(at: 0).view.owner as! FakeWebContent).simulateMediaCapture(.none)
        #expect(
            consumer.pushes == [
                "hidden", "b.test: Notifications on", "b.test: Location off, Notifications on",
                "a.test: camera",
                "hidden",
            ])
        mediator.disconnect()
    }

    @Test func thePopoversChangesAndResetGoToTheMap() {
        map.setContentSetting(.allow, for: origin("a"), type: .notifications)
        let (_, mediator) = makeBrowser(["a"])
        mediator.setPermission("notifications", ofSite: "http://a.test:80", allowed: false)
        #expect(consumer.pushes.last == "a.test: Notifications off")
        mediator.resetSite("http://a.test:80")
        #expect(consumer.pushes.last == "hidden")
        #expect(map.sitesWithExceptions.isEmpty)
    }
}
