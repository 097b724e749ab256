import Base
import Foundation
import ModelTestSupport
import Profiles
import TabModel
import Testing
import Web
import WebTestSupport

@MainActor
struct BrowserListFactoryTests {
    @Test func browserListIsAKeyedServiceSharedWithOffTheRecord() {
        let app = TestProfile.makeApplicationContext(engine: FakeWebEngine())
        let lists = BrowserListFactory.register(in: app.dependencyManager)
        let profile = try! app.profileManager.createProfile(named: "Default")
        let list = lists.browserList(for: profile)
        #expect(lists.browserList(for: profile.offTheRecordProfile) === list)
        let incognito = Browser(
            kind: .incognito, profile: profile.offTheRecordProfile, delegate: list.webStateListDelegate)
        list.add(incognito)
        #expect(list.browsers(.incognito).count == 1)
        app.shutdown()
        #expect(list.isShutDown)
    }

    @Test func tabsAddedToAListGetTheApplicationsTabHelpers() {
        let app = TestProfile.makeApplicationContext(engine: FakeWebEngine())
        var attached: [WebStateID] = []
        let lists = BrowserListFactory.register(in: app.dependencyManager) { attached.append($0.id) }
        let profile = try! app.profileManager.createProfile(named: "Default")
        let list = lists.browserList(for: profile)
        let browser = Browser(kind: .regular, profile: profile, delegate: list.webStateListDelegate)
        list.add(browser)
        let tab = WebState(params: .init(context: profile.webEngineContext))
        browser.webStateList.insert(tab, .automatic.activating())
        #expect(attached == [tab.id])
        app.shutdown()
    }
}
