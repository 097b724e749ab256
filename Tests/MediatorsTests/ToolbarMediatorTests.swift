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

/// The Back and Forward menus: the active tab's earlier and later pages from its own history.
@MainActor
struct ToolbarMediatorTabHistoryTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    let consumer = RecordingToolbarConsumer()

    func page(_ number: Int) -> URL { URL(string: "https://p\(number).test/")! }

    @Test func pushesTheEarlierAndLaterPagesNearestFirstAndFollowsTheTab() throws {
        let a = builder.realizedWebState(named: "a")
        for number in 1...3 { a.load(page(number)) }
        a.navigationManager.goBack()
        try builder.build(list, "| a* b")
        let mediator = ToolbarMediator(webStateList: list)
        mediator.consumer = consumer
        // The fake's pages are titled with their hosts.
        #expect(consumer.tabHistories == ["back: 1 p1.test, 0 a.test | forward: 3 p3.test"])
        consumer.tabHistories.removeAll()
        mediator.goToHistoryItem(at: 0)
        #expect(a.navigationManager.lastCommittedItemIndex == 0)
        #expect(consumer.tabHistories.last == "back:  | forward: 1 p1.test, 2 p2.test, 3 p3.test")
        // An unrealized tab has no menus.
        list.activate(at: 1)
        #expect(consumer.tabHistories.last == "back:  | forward: ")
    }

    @Test func aTitleThePageSetsIsPushed() throws {
        let a = builder.realizedWebState(named: "a")
        a.load(page(1))
        a.load(page(2))
        try builder.build(list, "| a*")
        let mediator = ToolbarMediator(webStateList: list)
        mediator.consumer = consumer
        a.navigationManager.goBack()
        try #require(a.view.owner as? FakeWebContent).simulateTitleChange("Renamed")
        a.navigationManager.goForward()
        #expect(consumer.tabHistories.last == "back: 1 Renamed, 0 a.test | forward: ")
        _ = mediator
    }

    @Test func aRestoredTabListsItsSavedPagesOnceRealized() throws {
        try builder.build(list, "| a*")
        let metadata = WebStateMetadata(
            creationTime: Date(), lastActiveTime: Date(), title: "Two", url: page(2), navigationItemCount: 3)
        let history = NavigationHistory(
            items: [
                NavigationItem(url: page(1), title: "One"), NavigationItem(url: page(2), title: "Two"),
                NavigationItem(url: page(3), title: "Three"),
            ], lastCommittedItemIndex: 1)
        let restored = WebState(
            context: builder.engine.defaultContext, id: .newUnique(), metadata: metadata,
            loaders: .init(
                storage: { WebStateStorage(metadata: metadata, navigation: history) },
                nativeSessionState: { nil }))
        list.insert(restored, .automatic.activating())
        let mediator = ToolbarMediator(webStateList: list)
        mediator.consumer = consumer
        restored.forceRealized()
        #expect(consumer.tabHistories.last == "back: 0 One | forward: 2 Three")
        mediator.goToHistoryItem(at: 2)
        #expect(restored.lastCommittedURL == page(3))
    }

    @Test(arguments: [-1, 1, 7])
    func anIndexTheHistoryNoLongerHasOrTheCommittedOneDoesNothing(index: Int) throws {
        let a = builder.realizedWebState(named: "a")
        a.load(page(1))
        try builder.build(list, "| a*")
        let mediator = ToolbarMediator(webStateList: list)
        mediator.goToHistoryItem(at: index)
        #expect(a.navigationManager.lastCommittedItemIndex == 1)
    }

    @Test func anUntitledPageShowsItsAddress() throws {
        let a = builder.realizedWebState(named: "a")
        builder.engine.setPage(page(1), .init(title: ""))
        a.load(page(1))
        a.load(page(2))
        try builder.build(list, "| a*")
        let mediator = ToolbarMediator(webStateList: list)
        mediator.consumer = consumer
        #expect(consumer.tabHistories.last == "back: 1 https://p1.test/, 0 a.test | forward: ")
    }

    @Test func eachMenuListsTwelvePagesAtMost() throws {
        let a = builder.realizedWebState(named: "a")
        for number in 1...20 { a.load(page(number)) }
        try builder.build(list, "| a*")
        let mediator = ToolbarMediator(webStateList: list)
        mediator.consumer = consumer
        let back = try #require(consumer.tabHistories.last).components(separatedBy: " | ")[0]
        #expect(back.components(separatedBy: ", ").count == 12)
        #expect(back.hasPrefix("back: 19 p19.test, 18 p18.test"))
    }
}
