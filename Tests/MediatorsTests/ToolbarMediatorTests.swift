import Foundation
import Mediators
import ModelTestSupport
import TabModel
import TestSupport
import Testing
import Web
import WebTestSupport

@MainActor
struct ToolbarMediatorTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    let consumer = RecordingToolbarConsumer()

    @Test func pushesTheActiveTabsStateAtOnceAndOnChanges() throws {
        let a = builder.realizedWebState(named: "a")
        a.load(URL(string: "https://a2.test/")!)
        try builder.build(list, "| a* b")
        let mediator = ToolbarMediator(webStateList: list)
        mediator.consumer = consumer
        #expect(consumer.pushes == ["nav back -", "idle"])
        consumer.pushes.removeAll()
        // An unrealized tab: nothing to go back to, not loading.
        list.activate(at: 1)
        #expect(consumer.pushes == ["nav - -"])
        consumer.pushes.removeAll()
        list.activate(at: 0)
        #expect(consumer.pushes == ["nav back -"])
        consumer.pushes.removeAll()
        mediator.goBack()
        #expect(a.navigationManager.lastCommittedItemIndex == 0)
        #expect(consumer.pushes == ["loading", "nav - forward", "idle"])
        consumer.pushes.removeAll()
        mediator.goForward()
        #expect(a.visibleURL == URL(string: "https://a2.test/"))
        #expect(consumer.pushes == ["loading", "nav back -", "idle"])
    }

    @Test func pushesTheActiveTabsZoomLevelAtOnceOnChangesAndOnSwitches() throws {
        let a = builder.realizedWebState(named: "a")
        let c = builder.realizedWebState(named: "c")
        c.zoomLevel = 1.5
        try builder.build(list, "| a* b c")
        let mediator = ToolbarMediator(webStateList: list)
        mediator.consumer = consumer
        #expect(consumer.zoomLevels == [1])
        // The zoom commands change the tab's level (Ctrl++, Ctrl+-, Ctrl+0).
        a.zoomLevel = 1.1
        a.zoomLevel = 0.9
        // Another tab: its own level; an unrealized one is at 100%, and the same level is not
        // pushed again.
        list.activate(at: 2)
        list.activate(at: 1)
        list.activate(at: 0)
        a.zoomLevel = 1
        // A background tab's level changes nothing shown.
        c.zoomLevel = 2
        #expect(consumer.zoomLevels == [1, 1.1, 0.9, 1.5, 1, 0.9, 1])
        _ = mediator
    }

    @Test func reloadAndStop() throws {
        let a = builder.realizedWebState(named: "a")
        try builder.build(list, "| a*")
        builder.engine.setPage(URL(string: "https://a.test/")!, .init(title: "A", stalls: true))
        let mediator = ToolbarMediator(webStateList: list)
        mediator.consumer = consumer
        consumer.pushes.removeAll()
        mediator.reload()
        #expect(a.isLoading)
        #expect(consumer.pushes == ["loading"])
        mediator.stopLoading()
        #expect(!a.isLoading)
        #expect(consumer.pushes == ["loading", "idle"])
    }

    @Test func stopDoesNothingWhileTheTabIsNotLoading() throws {
        let a = builder.realizedWebState(named: "a")
        try builder.build(list, "| a*")
        let mediator = ToolbarMediator(webStateList: list)
        mediator.consumer = consumer
        consumer.pushes.removeAll()
        let events = WebStateEventRecorder(observing: [a])
        mediator.stopLoading()
        #expect(events.events.isEmpty)
        #expect(consumer.pushes.isEmpty)
        #expect(a.lastCommittedURL == URL(string: "https://a.test/"))
    }

    @Test func realizingTheActiveTabPushesItsHistory() throws {
        try builder.build(list, "| a*")
        let mediator = ToolbarMediator(webStateList: list)
        mediator.consumer = consumer
        consumer.pushes.removeAll()
        builder.webState(named: "a").forceRealized()
        #expect(consumer.pushes == ["loading", "idle"])
        builder.webState(named: "a").load(URL(string: "https://b.test/")!)
        #expect(consumer.pushes == ["loading", "idle", "loading", "nav back -", "idle"])
        _ = mediator
    }

    @Test func disconnectStopsPushing() throws {
        let a = builder.realizedWebState(named: "a")
        try builder.build(list, "| a*")
        let mediator = ToolbarMediator(webStateList: list)
        mediator.consumer = consumer
        consumer.pushes.removeAll()
        mediator.disconnect()
        a.load(URL(string: "https://b.test/")!)
        #expect(consumer.pushes.isEmpty)
    }

    @Test func aCommandAfterDisconnectFailsNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let mediator = ToolbarMediator(webStateList: WebStateList(delegate: nil))
                mediator.disconnect()
                mediator.goBack()
            }
        }.expectPreconditionMessage("ToolbarMediator.goBack() used after disconnect()")
    }
}
