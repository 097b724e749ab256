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
struct TabStripMediatorTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    let consumer = RecordingTabStripConsumer()

    func makeMediator(_ description: String) throws -> TabStripMediator {
        try builder.build(list, description)
        let mediator = TabStripMediator(webStateList: list)
        mediator.consumer = consumer
        return mediator
    }

    func id(_ name: String) -> TabIdentifier { TabIdentifier(builder.webState(named: name)) }

    @Test func settingTheConsumerPushesEveryTab() throws {
        let mediator = try makeMediator("a | [1 b c*] d")
        #expect(
            consumer.pushes == [
                "set [a pinned, b group(1,blue), c group(1,blue)*, d]"
            ])
        #expect(consumer.items.map(\.url) == ["a", "b", "c", "d"].map { "https://\($0).test/" })
        #expect(consumer.items[0].id == TabIdentifier(Int(builder.webState(named: "a").id.rawValue)))
        #expect(consumer.items.allSatisfy { $0.favicon == nil })
        _ = mediator
    }

    @Test(arguments: [
        // (list, change, pushes)
        ("| a* b", "insert at end", ["insert 2 x"]),
        ("| a* b", "insert activated", ["insert 2 x", "select 2"]),
        ("| a* b c", "move", ["move 0->2"]),
        ("| a b* c", "close active", ["remove 1", "select 1"]),
        ("| a b* c", "close other", ["remove 0"]),  // The selected tab stays selected.
        ("| a* b", "detach", ["remove 1"]),
        ("| a b*", "activate", ["select 0"]),
        ("| a* b", "replace", ["remove 1", "insert 1 x"]),
        ("| a b*", "replace active", ["remove 1", "insert 1 x", "select 1"]),
        ("| a b*", "pin", ["move 1->0", "update 0 b pinned"]),
        ("a* | b", "unpin", ["move 0->1", "update 1 a"]),
        ("| a* b", "group", ["update 1 b group(g,red)"]),
        ("| [1 a* b]", "group visual", ["update 0 a group(t,green)", "update 1 b group(t,green)"]),
        ("| a* b c", "batch close", ["set [a*]"]),
    ])
    func listChangesArePushedAsSteps(description: String, change: String, expected: [String]) throws {
        let mediator = try makeMediator(description)
        consumer.pushes.removeAll()
        let x = builder.webState(named: "x")
        switch change {
        case "insert at end": list.insert(x)
        case "insert activated": list.insert(x, .automatic.activating())
        case "move": list.move(from: 0, to: 2)
        case "close active": list.close(at: 1)
        case "close other": list.close(at: 0)
        case "detach": _ = list.detach(at: 1)
        case "activate": list.activate(at: 0)
        case "replace": _ = list.replace(at: 1, with: x)
        case "replace active": _ = list.replace(at: 1, with: x)
        case "pin": list.setPinned(at: 1, true)
        case "unpin": list.setPinned(at: 0, false)
        case "group":
            _ = list.createGroup(indices: [1], visualData: TabGroupVisualData(title: "g", color: .red))
        case "group visual":
            list.updateGroupVisualData(
                builder.group(named: "1")!, TabGroupVisualData(title: "t", color: .green))
        case "batch close": list.performBatchOperation { list.closeWebStates(atIndices: [1, 2]) }
        default: Issue.record("unknown change \(change)")
        }
        #expect(consumer.pushes == expected)
        #expect(consumer.items == list.webStates.indices.map { expectedItem(at: $0) })
        _ = mediator
    }

    private func expectedItem(at index: Int) -> TabStripItem {
        let webState = list.webState(at: index)
        let group = list.group(at: index)
        return TabStripItem(
            id: TabIdentifier(webState), title: webState.title,
            url: webState.visibleURL?.absoluteString ?? "",
            isLoading: webState.isLoading, isPinned: list.isPinned(at: index),
            group: group.map { TabStripGroup(title: $0.visualData.title, colorName: colorName($0)) })
    }

    private func colorName(_ group: TabGroup) -> String {
        ["grey", "blue", "red", "yellow", "green", "pink", "purple", "cyan", "orange"][
            group.visualData.color.rawValue]
    }

    @Test(arguments: [
        // (list, change, pushes)
        ("| [1 a* b] c", "ungroup", ["update 1 b"]),
        ("| [1 a* b] c", "join group", ["update 2 c group(1,blue)"]),
        ("| [1 a* b] c", "move group", ["set [c, a group(1,blue)*, b group(1,blue)]"]),
        ("| [1 a* b] c", "delete group", ["update 0 a", "update 1 b"]),
    ])
    func groupChangesArePushed(description: String, change: String, expected: [String]) throws {
        let mediator = try makeMediator(description)
        consumer.pushes.removeAll()
        let group = builder.group(named: "1")!
        switch change {
        case "ungroup": list.removeFromGroups(indices: [1])
        case "join group": list.moveToGroup(indices: [2], group)
        case "move group": list.moveGroup(group, before: 3)
        case "delete group": list.deleteGroup(group)
        default: Issue.record("unknown change \(change)")
        }
        #expect(consumer.pushes == expected)
        #expect(consumer.items == list.webStates.indices.map { expectedItem(at: $0) })
        _ = mediator
    }

    @Test func aTabRealizedByAnotherObserverMidChangeIsPushedRight() throws {
        // The content mediator observes first: it realizes the inserted tab, whose load
        // events reach the tab strip before the insertion does.
        let content = ContentMediator(webStateList: list)
        let contentConsumer = RecordingContentConsumer()
        content.consumer = contentConsumer
        let mediator = try makeMediator("| a* b")
        consumer.pushes.removeAll()
        let x = builder.webState(named: "x")
        list.insert(x, .atIndex(0).activating())
        #expect(x.isRealized)
        #expect(consumer.pushes == ["insert 0 x.test", "select 0"])
        #expect(consumer.items == list.webStates.indices.map { expectedItem(at: $0) })
        _ = mediator
    }

    @Test func tabEventsUpdateTheItem() throws {
        let a = builder.realizedWebState(named: "a")
        builder.engine.setPage(URL(string: "https://slow.test/")!, .init(title: "Slow", stalls: true))
        let mediator = try makeMediator("| a* b")
        consumer.pushes.removeAll()
        a.load(URL(string: "https://slow.test/")!)
        #expect(consumer.pushes == ["update 0 a.test loading"])
        consumer.pushes.removeAll()
        // The stopped navigation finishes (cancelled), then the load ends.
        a.stopLoading()
        #expect(consumer.pushes == ["update 0 a.test loading", "update 0 a.test"])
        consumer.pushes.removeAll()
        fakeContent(a).simulateTitleChange("New title")
        #expect(consumer.pushes == ["update 0 New title"])
        consumer.pushes.removeAll()
        fakeContent(a).simulateRenderProcessGone()
        #expect(consumer.pushes == ["update 0 New title crashed"])
        _ = mediator
    }

    private func fakeContent(_ webState: WebState) -> FakeWebContent {
        webState.view.owner as! FakeWebContent
    }

    @Test func realizingATabChangesNothingShownUnlessThePageDoes() throws {
        // The engine's page has the saved title: realization reloads the same page.
        builder.engine.setPage(URL(string: "https://b.test/")!, .init(title: "b"))
        let mediator = try makeMediator("| a* b")
        consumer.pushes.removeAll()
        let b = builder.webState(named: "b")
        b.forceRealized()
        #expect(b.isRealized)
        // Only the reload of the saved page shows (loading, then not); title and URL stay.
        #expect(consumer.pushes == ["update 1 b loading", "update 1 b"])
        #expect(consumer.items[1].title == "b")
        #expect(consumer.items[1].url == "https://b.test/")
        #expect(!consumer.items[1].isLoading)
        // A page that differs from the saved one is shown.
        consumer.pushes.removeAll()
        b.load(URL(string: "https://c.test/")!)
        #expect(consumer.pushes.last == "update 1 c.test")
        _ = mediator
    }

    @Test func aDiscardedTabKeepsItsItemAndLosesItsCrashedMark() throws {
        let b = builder.realizedWebState(named: "b")
        let mediator = try makeMediator("| a* b")
        fakeContent(b).simulateRenderProcessGone()
        consumer.pushes.removeAll()
        b.discard()
        #expect(consumer.pushes == ["update 1 b.test"])
        #expect(consumer.items[1].url == "https://b.test/")
        b.forceRealized()
        #expect(consumer.pushes.last == "update 1 b.test")
        _ = mediator
    }

    @Test func anUnrealizedTabShowsItsSavedTitleAndURL() throws {
        let mediator = try makeMediator("| a* b")
        #expect(consumer.items[1].title == "b")
        #expect(consumer.items[1].url == "https://b.test/")
        #expect(!builder.webState(named: "b").isRealized)
        _ = mediator
    }

    // MARK: Commands

    @Test(arguments: [
        // (list, command, list after)
        ("| a* b c", "select c", "| a b c*"),
        ("| a* b c", "select index 1", "| a b* c"),
        ("| a* b c", "select index 7", "| a* b c"),
        ("| a* b c", "select last", "| a b c*"),
        ("| a* b c", "select next", "| a b* c"),
        ("| a* b c", "select previous", "| a b c*"),
        ("| a b c*", "select next", "| a* b c"),
        ("| a* b c", "close b", "| a* c"),
        ("| a* b c", "move a to 2", "| b c a*"),
        ("| a b* c", "move selected right", "| a c b*"),
        ("| a* b c", "move selected left", "| a* b c"),
        ("| a* b c", "pin c", "c | a* b"),
        ("c | a* b", "unpin c", "| a* b c"),
        ("p | a b* c", "close others than b", "p | b*"),
        ("| a b* c d", "close right of b", "| a b*"),
    ])
    func commandsChangeTheList(description: String, command: String, expected: String) throws {
        let mediator = try makeMediator(description)
        switch command {
        case "select c": mediator.selectTab(id("c"))
        case "select index 1": mediator.selectTab(atIndex: 1)
        case "select index 7": mediator.selectTab(atIndex: 7)
        case "select last": mediator.selectLastTab()
        case "select next": mediator.selectTab(byOffset: 1)
        case "select previous": mediator.selectTab(byOffset: -1)
        case "close b": mediator.closeTab(id("b"))
        case "move a to 2": mediator.moveTab(id("a"), to: 2)
        case "move selected right": mediator.moveSelectedTab(byOffset: 1)
        case "move selected left": mediator.moveSelectedTab(byOffset: -1)
        case "pin c": mediator.setTabPinned(id("c"), pinned: true)
        case "unpin c": mediator.setTabPinned(id("c"), pinned: false)
        case "close others than b": mediator.closeOtherTabs(id("b"))
        case "close right of b": mediator.closeTabsToTheRight(of: id("b"))
        default: Issue.record("unknown command \(command)")
        }
        #expect(builder.describe(list) == expected)
        #expect(consumer.items.map(\.id) == list.webStates.map { TabIdentifier($0) })
    }

    @Test func duplicateOpensAnUnrealizedCopyNextToItAndSelectsIt() throws {
        let a = builder.realizedWebState(named: "a")
        a.load(URL(string: "https://a2.test/")!)
        let mediator = try makeMediator("| a* b")
        mediator.duplicateTab(id("a"))
        #expect(list.count == 3)
        let copy = list.webState(at: 1)
        #expect(list.activeIndex == 1)
        #expect(list.opener(at: 1)?.webState === a)
        #expect(copy.visibleURL == URL(string: "https://a2.test/"))
        #expect(!copy.isRealized)  // Until a content mediator shows it.
        #expect(copy.navigationManager.itemCount == 2)
        #expect(copy.navigationManager.canGoBack)
        _ = mediator
    }

    @Test func reloadReloadsOnlyARealizedTab() throws {
        let a = builder.realizedWebState(named: "a")
        let mediator = try makeMediator("| a* b")
        let loads = (a.view.owner as! FakeWebContent).loadedURLs.count
        mediator.reloadTab(id("a"))
        mediator.reloadTab(id("b"))
        #expect((a.view.owner as! FakeWebContent).loadedURLs.count == loads + 1)
        #expect(!builder.webState(named: "b").isRealized)
    }

    @Test func destroyingTheListEmptiesTheStrip() throws {
        let mediator = try makeMediator("| a* b")
        consumer.pushes.removeAll()
        list.destroy()
        #expect(consumer.pushes == ["set []"])
        _ = mediator
    }

    @Test func disconnectStopsPushing() throws {
        let mediator = try makeMediator("| a* b")
        consumer.pushes.removeAll()
        mediator.disconnect()
        list.activate(at: 1)
        list.insert(builder.webState(named: "x"))
        #expect(consumer.pushes.isEmpty)
    }

    @Test func aCommandAfterDisconnectFailsNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let list = WebStateList(delegate: nil)
                let mediator = TabStripMediator(webStateList: list)
                mediator.disconnect()
                mediator.selectLastTab()
            }
        }.expectPreconditionMessage("TabStripMediator.selectLastTab() used after disconnect()")
    }
}
