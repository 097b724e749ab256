import Foundation
import Mediators
import ModelTestSupport
import TabModel
import Testing
import UIInterfaces
import Web
import WebTestSupport

/// The tab strip's favicons: a realized tab's page icon, and an unrealized tab's icon looked
/// up by page URL in the engine's favicon database through the profile's loader, without
/// realizing the tab.
@MainActor
struct TabStripMediatorFaviconTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    let consumer = RecordingTabStripConsumer()
    let icon = Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 1])
    let otherIcon = Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 2])
    var engine: FakeWebEngine { builder.engine }
    var context: FakeWebEngineContext { builder.engine.defaultContext }

    func makeMediator(_ description: String, loader: FaviconLoader? = nil) throws -> TabStripMediator {
        try builder.build(list, description)
        let mediator = TabStripMediator(webStateList: list, faviconLoader: loader)
        mediator.consumer = consumer
        return mediator
    }

    @Test func aRealizedTabShowsItsPagesIconOnceThePageHasIt() throws {
        let a = builder.realizedWebState(named: "a")
        let loader = FaviconLoader(context: context)
        let mediator = try makeMediator("| a*", loader: loader)
        consumer.pushes.removeAll()
        engine.setPage(URL(string: "https://icon.test/")!, .init(title: "Icon", favicon: icon))
        a.load(URL(string: "https://icon.test/")!)
        #expect(consumer.items[0].favicon == icon)
        #expect(
            consumer.pushes == [
                "update 0 a.test loading", "update 0 Icon loading", "update 0 Icon loading favicon",
                "update 0 Icon favicon",
            ])
        #expect(
            loader.cachedFavicon(forPageURL: URL(string: "https://icon.test/")!) == icon,
            "kept for when the tab is discarded")
        #expect(context.faviconRequests.isEmpty, "a realized tab's icon comes from its page")
        _ = mediator
    }

    @Test func aPageWithoutAnIconShowsNone() throws {
        let a = builder.realizedWebState(named: "a")
        let mediator = try makeMediator("| a*", loader: FaviconLoader(context: context))
        a.load(URL(string: "https://plain.test/")!)
        #expect(consumer.items[0].favicon == nil)
        #expect(consumer.pushes.allSatisfy { !$0.contains("favicon") })
        _ = mediator
    }

    @Test func aPagesIconIsNeverKeptUnderTheURLOfTheNextPageOfTheTab() throws {
        let a = builder.realizedWebState(named: "a")
        let loader = FaviconLoader(context: context)
        let mediator = try makeMediator("| a*", loader: loader)
        let iconPage = URL(string: "https://icon.test/")!
        let plainPage = URL(string: "https://plain.test/")!
        engine.setPage(iconPage, .init(title: "Icon", favicon: icon))
        a.load(iconPage)
        consumer.pushes.removeAll()
        a.load(plainPage)
        #expect(consumer.items[0].favicon == nil)
        #expect(
            loader.cachedFavicon(forPageURL: plainPage) == nil,
            "the icon of the page before: a new tab of this page would show it")
        #expect(loader.cachedFavicon(forPageURL: iconPage) == icon)
        _ = mediator
    }

    @Test func restoredTabsGetTheirIconsFromTheDatabaseWithoutBeingRealized() throws {
        engine.faviconDatabase["https://b.test/"] = icon
        engine.faviconDatabase["https://c.test/"] = otherIcon
        let loader = FaviconLoader(context: context)
        let mediator = try makeMediator("| b c d*", loader: loader)
        #expect(consumer.pushes == ["set [b, c, d*]"], "nothing known yet")
        #expect(
            context.faviconRequests.map(\.absoluteString) == [
                "https://b.test/", "https://c.test/", "https://d.test/",
            ])
        consumer.pushes.removeAll()

        context.answerFaviconRequests()
        #expect(consumer.pushes == ["update 0 b favicon", "update 1 c favicon"], "d has none")
        #expect(consumer.items.map(\.favicon) == [icon, otherIcon, nil])
        #expect(list.webStates.allSatisfy { !$0.isRealized })
        #expect(engine.contentsCreated == 0, "no web content was made for an icon")

        // Pushed again later (a move), the icons come from the cache.
        list.move(from: 0, to: 2)
        #expect(context.faviconRequests.count == 3)
        #expect(consumer.items.map(\.favicon) == [otherIcon, nil, icon])
        _ = mediator
    }

    @Test func aDiscardedTabKeepsShowingItsIconFromTheCache() throws {
        engine.setPage(URL(string: "https://a.test/")!, .init(title: "a", favicon: icon))
        let a = builder.realizedWebState(named: "a")
        _ = builder.realizedWebState(named: "b")
        let mediator = try makeMediator("| a b*", loader: FaviconLoader(context: context))
        #expect(consumer.items[0].favicon == icon)
        consumer.pushes.removeAll()
        a.discard()
        #expect(!a.isRealized && a.favicon == nil)
        #expect(consumer.items[0].favicon == icon)
        #expect(consumer.pushes.allSatisfy { !$0.hasPrefix("update 0") }, "\(consumer.pushes)")
        #expect(context.faviconRequests.isEmpty)
        _ = mediator
    }

    @Test func anIconLearnedInOneWindowReachesTheSameUnrealizedPageInAnother() throws {
        let loader = FaviconLoader(context: context)
        let mediator = try makeMediator("| a*", loader: loader)
        context.answerFaviconRequests()
        consumer.pushes.removeAll()
        // Another window's tab shows https://a.test/ with an icon.
        engine.setPage(URL(string: "https://a.test/")!, .init(title: "A", favicon: icon))
        let otherList = WebStateList(delegate: nil)
        let otherMediator = TabStripMediator(webStateList: otherList, faviconLoader: loader)
        let other = WebState(params: .init(context: context))
        otherList.insert(other, .automatic.activating())
        other.load(URL(string: "https://a.test/")!)
        #expect(consumer.pushes == ["update 0 a favicon"])
        _ = (mediator, otherMediator)
    }

    @Test func withoutALoaderUnrealizedTabsShowNoIconAndNothingIsAsked() throws {
        engine.faviconDatabase["https://b.test/"] = icon
        let mediator = try makeMediator("| a* b")
        #expect(consumer.items.allSatisfy { $0.favicon == nil })
        #expect(context.faviconRequests.isEmpty)
        _ = mediator
    }

    @Test func aDisconnectedMediatorIgnoresLateIcons() throws {
        engine.faviconDatabase["https://b.test/"] = icon
        let mediator = try makeMediator("| a* b", loader: FaviconLoader(context: context))
        #expect(context.hasPendingFaviconRequests, "b's icon was asked for")
        mediator.disconnect()
        consumer.pushes.removeAll()
        context.answerFaviconRequests()
        #expect(consumer.pushes.isEmpty)
    }
}
