import Foundation
import Mediators
import ModelTestSupport
import TabModel
import TestSupport
import Testing
import UIInterfaces
import Web
import WebTestSupport

@MainActor
struct ContentMediatorTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    let consumer = RecordingContentConsumer()

    func realized(_ names: [String]) -> [String] {
        names.filter { builder.webState(named: $0).isRealized }
    }

    @Test func onlyTheSelectedRestoredTabIsRealized() throws {
        let names = ["a", "b", "c", "d", "e"]
        try builder.build(list, "| a b c d e")
        let mediator = ContentMediator(webStateList: list)
        mediator.consumer = consumer
        #expect(consumer.pushes == ["empty"])
        #expect(realized(names).isEmpty)
        list.activate(at: 2)
        #expect(consumer.pushes == ["empty", "view"])
        #expect(consumer.identities == [TabIdentifier(builder.webState(named: "c"))])
        #expect(realized(names) == ["c"])
        // Closing, moving, pinning the others realizes nothing more.
        list.move(from: 0, to: 4)
        list.setPinned(at: 0, true)
        list.close(at: 2)
        #expect(realized(names) == ["c"])
        list.activate(at: 0)
        #expect(Set(realized(names)) == ["b", "c"])
        _ = mediator
    }

    @Test func nothingIsRealizedWithoutAConsumer() throws {
        try builder.build(list, "| a b* c")
        let mediator = ContentMediator(webStateList: list)
        list.activate(at: 0)
        #expect(realized(["a", "b", "c"]).isEmpty)
        mediator.consumer = consumer
        #expect(realized(["a", "b", "c"]) == ["a"])
    }

    @Test func theShownTabIsMarkedShownAndTheOthersHidden() throws {
        try builder.build(list, "| a* b")
        let a = builder.webState(named: "a")
        let b = builder.webState(named: "b")
        let mediator = ContentMediator(webStateList: list)
        mediator.consumer = consumer
        #expect(a.isVisible && !b.isVisible)
        list.activate(at: 1)
        #expect(!a.isVisible && b.isVisible)
        mediator.disconnect()
        #expect(!b.isVisible)
    }

    @Test(arguments: [
        // (list, change, pushes after the first)
        ("| a* b", "activate b", ["view b"]),
        ("| a* b", "close a", ["view b"]),
        ("| a*", "close a", ["empty"]),
        ("| a* b", "replace a", ["view x"]),
        ("| a* b", "replace b", [String]()),
        ("| a* b", "move", [String]()),
        ("| a* b", "destroy", ["empty"]),
    ])
    func theActiveTabIsPushed(description: String, change: String, expected: [String]) throws {
        try builder.build(list, description)
        let mediator = ContentMediator(webStateList: list)
        mediator.consumer = consumer
        consumer.pushes.removeAll()
        consumer.identities.removeAll()
        let x = builder.webState(named: "x")
        switch change {
        case "activate b": list.activate(at: 1)
        case "close a": list.close(at: 0)
        case "replace a": _ = list.replace(at: 0, with: x)
        case "replace b": _ = list.replace(at: 1, with: x)
        case "move": list.move(from: 0, to: 1)
        case "destroy": list.destroy()
        default: Issue.record("unknown change \(change)")
        }
        let named = consumer.pushes.map { push in
            push == "view" ? "view \(name(of: consumer.identities.removeFirst()))" : push
        }
        #expect(named == expected)
        _ = mediator
    }

    private func name(of id: TabIdentifier) -> String {
        ["a", "b", "x"].first { TabIdentifier(builder.webState(named: $0)) == id } ?? "?"
    }

    @Test func aConsumerSetAfterDisconnectFailsNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let mediator = ContentMediator(webStateList: WebStateList(delegate: nil))
                mediator.disconnect()
                mediator.consumer = nil
            }
        }.expectPreconditionMessage("ContentMediator.consumer used after disconnect()")
    }

    @Test func aCrashedActiveTabShowsTheCrashPageUntilItReloads() throws {
        builder.engine.setPage(URL(string: "https://a.test/")!, .init(title: "a"))
        try builder.build(list, "| a* b")
        let mediator = ContentMediator(webStateList: list)
        mediator.consumer = consumer
        let a = builder.webState(named: "a")
        let content = try #require(a.view.owner as? FakeWebContent)
        consumer.pushes.removeAll()
        content.simulateRenderProcessGone()
        #expect(consumer.pushes == ["crashed a"])
        a.reload()
        #expect(consumer.pushes == ["crashed a", "view"])
        #expect(!a.isCrashed && a.isVisible)
        _ = mediator
    }

    @Test func aCrashedTabShowsTheCrashPageWhenSelectedAgain() throws {
        builder.engine.setPage(URL(string: "https://a.test/")!, .init(title: "a"))
        try builder.build(list, "| a* b")
        let mediator = ContentMediator(webStateList: list)
        mediator.consumer = consumer
        let a = builder.webState(named: "a")
        let content = try #require(a.view.owner as? FakeWebContent)
        list.activate(at: 1)
        content.simulateRenderProcessGone()  // a background tab: nothing shown changes
        consumer.pushes.removeAll()
        list.activate(at: 0)
        #expect(consumer.pushes == ["crashed a"])
        _ = mediator
    }

    @Test func theLinkUnderThePointerInTheShownTabIsPushedAndHiddenWithItsTab() throws {
        try builder.build(list, "| a* b")
        let a = builder.webState(named: "a")
        let b = builder.webState(named: "b")
        let mediator = ContentMediator(webStateList: list)
        mediator.consumer = consumer
        let link = "https://a.test/link"
        try #require(a.view.owner as? FakeWebContent).simulateHoveredLink(URL(string: link))
        #expect(consumer.hoveredLinks == [link])
        try #require(a.view.owner as? FakeWebContent).simulateHoveredLink(nil)
        #expect(consumer.hoveredLinks == [link, nil])

        try #require(a.view.owner as? FakeWebContent).simulateHoveredLink(URL(string: link))
        list.activate(at: 1)
        #expect(consumer.hoveredLinks == [link, nil, link, nil], "another tab shown hides it")
        // A tab in the background shows nothing; b's own link shows.
        try #require(a.view.owner as? FakeWebContent).simulateHoveredLink(URL(string: link))
        try #require(b.view.owner as? FakeWebContent).simulateHoveredLink(URL(string: "https://b.test/"))
        #expect(consumer.hoveredLinks == [link, nil, link, nil, "https://b.test/"])
        mediator.disconnect()
    }
}
