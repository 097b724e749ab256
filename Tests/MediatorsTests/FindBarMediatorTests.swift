import Foundation
import Mediators
import ModelTestSupport
import TabModel
import TestSupport
import Testing
import Web
import WebTestSupport

@MainActor
struct FindBarMediatorTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    let consumer = RecordingFindBarConsumer()

    func makeMediator() throws -> FindBarMediator {
        builder.engine.setPage(
            URL(string: "https://a.test/")!, .init(title: "A", text: "one two one three one"))
        builder.engine.setPage(URL(string: "https://b.test/")!, .init(title: "B", text: "one"))
        _ = builder.realizedWebState(named: "a")
        try builder.build(list, "| a* b")
        let mediator = FindBarMediator(webStateList: list)
        mediator.consumer = consumer
        return mediator
    }

    @Test func findPushesMatchCountsAndMovesThroughThem() throws {
        let mediator = try makeMediator()
        #expect(consumer.pushes == ["hidden", "matches 0/-"])
        consumer.pushes.removeAll()
        mediator.showFindBar()
        mediator.find("one")
        mediator.findNext()
        mediator.findNext()
        mediator.findNext()
        mediator.findPrevious()
        mediator.find("zzz")
        mediator.findNext()
        mediator.find("")
        mediator.hideFindBar()
        #expect(
            consumer.pushes == [
                "shown", "matches 1/3", "matches 2/3", "matches 3/3", "matches 1/3", "matches 3/3",
                "matches 0/0", "matches 0/-", "hidden",
            ])
        #expect(FindTabHelper.attach(to: builder.webState(named: "a")).searchText == nil)
    }

    @Test func switchingTabsClosesTheBar() throws {
        let mediator = try makeMediator()
        mediator.showFindBar()
        mediator.find("one")
        consumer.pushes.removeAll()
        list.activate(at: 1)
        #expect(consumer.pushes == ["matches 0/-", "hidden"])
        #expect(!builder.webState(named: "b").isRealized)
    }

    @Test func aSearchInAnUnrealizedTabWaitsForIt() throws {
        let mediator = try makeMediator()
        list.activate(at: 1)
        mediator.showFindBar()
        consumer.pushes.removeAll()
        mediator.find("one")
        #expect(consumer.pushes.isEmpty)
        #expect(!builder.webState(named: "b").isRealized)
        builder.webState(named: "b").forceRealized()
        #expect(consumer.pushes == ["matches 1/1"])
    }

    @Test func aCommandAfterDisconnectFailsNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let mediator = FindBarMediator(webStateList: WebStateList(delegate: nil))
                mediator.disconnect()
                mediator.findNext()
            }
        }.expectPreconditionMessage("FindBarMediator.findNext() used after disconnect()")
    }
}
