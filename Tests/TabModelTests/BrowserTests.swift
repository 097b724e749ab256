import Base
import Commands
import Foundation
import ModelTestSupport
import TabModel
import TestSupport
import Testing
import Web
import WebTestSupport

@MainActor
private final class BrowserEvents: BrowserObserver, BrowserListObserver, WebStateListObserver {
    var events: [String] = []
    func browserDestroyed(_ browser: Browser) { events.append("browserDestroyed") }
    func browserAdded(_ list: BrowserList, browser: Browser) { events.append("added(\(browser.kind))") }
    func browserRemoved(_ list: BrowserList, browser: Browser) { events.append("removed(\(browser.kind))") }
    func browserListShutdown(_ list: BrowserList) { events.append("shutdown") }
    func webStateListDestroyed(_ list: WebStateList) { events.append("listDestroyed") }
}

@MainActor
private final class CountingAgent: BrowserAgent {
    nonisolated(unsafe) static var made = 0
    let tag: String
    init(_ tag: String) {
        self.tag = tag
        Self.made += 1
    }
}

@MainActor
private protocol PingCommands: AnyObject {
    func ping()
}

@MainActor
private final class PingHandler: PingCommands {
    var pings = 0
    func ping() { pings += 1 }
}

@MainActor
struct BrowserTests {
    let engine = FakeWebEngine()

    @Test func ownsListDispatcherAndBroadcaster() {
        let profile = TestProfile.make(engine: engine)
        let browser = Browser(kind: .regular, profile: profile, delegate: nil)
        #expect(browser.kind == .regular)
        #expect(browser.profile === profile)
        #expect(browser.webStateList.isEmpty)
        let handler = PingHandler()
        browser.commandDispatcher.startDispatching((any PingCommands).self, to: handler)
        browser.commandDispatcher.dispatch((any PingCommands).self) { $0.ping() }
        #expect(handler.pings == 1)
    }

    @Test func destroyNotifiesThenDestroysListAndTabs() throws {
        let browser = Browser(kind: .regular, profile: TestProfile.make(engine: engine), delegate: nil)
        let events = BrowserEvents()
        browser.addObserver(events)
        browser.webStateList.addObserver(events)
        let tab = WebState(params: .init(context: browser.profile.webEngineContext))
        let recorder = WebStateEventRecorder(observing: [tab])
        browser.webStateList.insert(tab, .automatic.activating())
        browser.destroy()
        #expect(events.events == ["browserDestroyed", "listDestroyed"])
        #expect(recorder.events.last == "webStateDestroyed")
        #expect(browser.webStateList.isEmpty)
        #expect(engine.liveContents == 0)
        // After shutdown, commands whose handler went away are silent no-ops.
        #expect(browser.commandDispatcher.dispatch((any PingCommands).self) { $0.ping() } == nil)
    }

    @Test func agentsAreTypedUserData() {
        let browser = Browser(kind: .regular, profile: TestProfile.make(engine: engine), delegate: nil)
        let before = CountingAgent.made
        #expect(CountingAgent.fromBrowser(browser) == nil)
        let agent = CountingAgent.createForBrowser(browser) { CountingAgent("first") }
        let again = CountingAgent.createForBrowser(browser) { CountingAgent("second") }
        #expect(agent === again)
        #expect(CountingAgent.made == before + 1)
        #expect(CountingAgent.fromBrowser(browser)?.tag == "first")
        #expect(CountingAgent.fromBrowser(browser)?.tag == "first")
    }

    @Test func removedAgentIsReleased() {
        let browser = Browser(kind: .regular, profile: TestProfile.make(engine: engine), delegate: nil)
        weak var weakAgent: CountingAgent?
        do {
            weakAgent = CountingAgent.createForBrowser(browser) { CountingAgent("x") }
        }
        #expect(weakAgent != nil)
        CountingAgent.removeFromBrowser(browser)
        #expect(CountingAgent.fromBrowser(browser) == nil)
        #expect(weakAgent == nil)
    }

    @Test func agentsAreReleasedOnDestroy() {
        let browser = Browser(kind: .regular, profile: TestProfile.make(engine: engine), delegate: nil)
        weak var weakAgent: CountingAgent?
        do {
            weakAgent = CountingAgent.createForBrowser(browser) { CountingAgent("x") }
        }
        #expect(weakAgent != nil)
        browser.destroy()
        #expect(weakAgent == nil)
    }

    @Test func incognitoBrowserNeedsOffTheRecordProfile() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                _ = Browser(
                    kind: .incognito, profile: TestProfile.make(engine: FakeWebEngine()), delegate: nil)
            }
        }.expectPreconditionMessage("Browser: a incognito browser cannot use an regular profile")
    }
}

@MainActor
struct BrowserListTests {
    let engine = FakeWebEngine()

    func make(_ kind: Browser.Kind) -> Browser {
        Browser(
            kind: kind, profile: TestProfile.make(engine: engine, isOffTheRecord: kind == .incognito),
            delegate: nil)
    }

    @Test func addRemoveNotify() {
        let list = BrowserList()
        let events = BrowserEvents()
        list.addObserver(events)
        let browser = make(.regular)
        list.add(browser)
        #expect(list.contains(browser))
        list.remove(browser)
        #expect(!list.contains(browser))
        list.remove(browser)  // Unknown: no-op, no notification.
        #expect(events.events == ["added(regular)", "removed(regular)"])
    }

    @Test func destroyedBrowserLeavesTheList() {
        let list = BrowserList()
        let events = BrowserEvents()
        list.addObserver(events)
        let browser = make(.regular)
        list.add(browser)
        browser.destroy()
        #expect(list.browsers().isEmpty)
        #expect(events.events == ["added(regular)", "removed(regular)"])
    }

    @Test func browsersAreHeldWeakly() {
        let list = BrowserList()
        do {
            let browser = make(.regular)
            list.add(browser)
            #expect(list.browsers().count == 1)
        }
        #expect(list.browsers().isEmpty)
    }

    func ids(_ browsers: [Browser]) -> [ObjectIdentifier] { browsers.map(ObjectIdentifier.init) }

    @Test func filters() {
        let list = BrowserList()
        let regular = make(.regular)
        let inactive = make(.inactive)
        let incognito = make(.incognito)
        let temporary = make(.temporary)
        for browser in [regular, inactive, incognito, temporary] { list.add(browser) }
        #expect(ids(list.browsers(.regular)) == ids([regular]))
        #expect(ids(list.browsers(.inactive)) == ids([inactive]))
        #expect(ids(list.browsers(.incognito)) == ids([incognito]))
        #expect(ids(list.browsers(.regularAndInactive)) == ids([regular, inactive]))
        #expect(ids(list.browsers(.all)) == ids([regular, inactive, incognito]))
    }

    @Test func shutdownNotifiesOnce() {
        let list = BrowserList()
        let events = BrowserEvents()
        list.addObserver(events)
        list.shutdown()
        list.shutdown()
        #expect(events.events == ["shutdown"])
    }

    @Test func sharedDelegateAttachesHelpersAndRealizesOnActivation() throws {
        var attached: [WebStateID] = []
        let delegate = BrowserWebStateListDelegate(attachTabHelpers: { attached.append($0.id) })
        let list = BrowserList(webStateListDelegate: delegate)
        let browser = Browser(
            kind: .regular, profile: TestProfile.make(engine: engine), delegate: list.webStateListDelegate)
        list.add(browser)
        let builder = WebStateListBuilder(engine: engine)
        try builder.build(browser.webStateList, "| a b c")
        #expect(attached.count == 3)
        #expect(engine.contentsCreated == 0)
        browser.webStateList.activate(at: 1)
        #expect(builder.webState(named: "b").isRealized)
        #expect(!builder.webState(named: "a").isRealized)
        #expect(engine.contentsCreated == 1)
    }

    @Test func addingTwiceFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let engine = FakeWebEngine()
                let list = BrowserList()
                let browser = Browser(
                    kind: .regular, profile: TestProfile.make(engine: engine), delegate: nil)
                list.add(browser)
                list.add(browser)
            }
        }.expectPreconditionMessage("BrowserList.add: the browser is already in the list")
    }
}
