import Foundation
import Mediators
import ModelTestSupport
import TabModel
import Testing
import UIInterfaces
import Web
import WebTestSupport

@MainActor
struct BrowserMediatorTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    let startPage = URL(string: "about:blank")!

    func makeMediator(_ description: String) throws -> BrowserMediator {
        try builder.build(list, description)
        let context = builder.engine.defaultContext
        return BrowserMediator(webStateList: list, startPageURL: startPage) {
            WebState(params: .init(context: context))
        }
    }

    @Test(arguments: [
        ("| a* b", "| a b _*"),
        ("| [1 a*] b", "| [1 a] b _*"),
        ("p* | a", "p | a _*"),
    ])
    func openNewTabAppendsTheStartPageAndSelectsIt(description: String, expected: String) throws {
        let mediator = try makeMediator(description)
        mediator.openNewTab()
        #expect(builder.describe(list) == expected)
        #expect(list.activeWebState?.visibleURL == startPage)
        #expect(list.opener(at: list.count - 1) == nil)
    }

    @Test func openTabsAppendsThemAndSelectsTheLast() throws {
        let mediator = try makeMediator("| a*")
        let urls = ["https://x.test/", "https://y.test/"].map { URL(string: $0)! }
        mediator.openTabs(urls)
        #expect(builder.describe(list) == "| a _ _*")
        #expect(list.webStates.dropFirst().map(\.visibleURL) == urls)
        #expect(list.opener(at: 1) == nil && list.opener(at: 2) == nil)
    }

    @Test(arguments: [
        ("| a b* c", "| a c*", false),
        ("| a*", "|", true),
        ("| a b", "| a b", false),
    ])
    func closeCurrentTab(description: String, expected: String, empty: Bool) throws {
        let mediator = try makeMediator(description)
        #expect(mediator.closeCurrentTab() == empty)
        #expect(builder.describe(list) == expected)
    }

    @Test func duplicateCurrentTabCopiesItsHistoryNextToIt() throws {
        let a = builder.realizedWebState(named: "a")
        a.load(URL(string: "https://a2.test/")!)
        let mediator = try makeMediator("| [1 a* b] c")
        mediator.duplicateCurrentTab()
        #expect(builder.describe(list) == "| [1 a _* b] c")
        let copy = list.webState(at: 1)
        #expect(!copy.isRealized)
        #expect(copy.title == a.title)
        #expect(copy.navigationManager.itemCount == 2)
        #expect(TabIdentifier(copy) != TabIdentifier(a))
    }

    @Test func aCommandAfterDisconnectFailsNamingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let list = WebStateList(delegate: nil)
                let mediator = BrowserMediator(webStateList: list, startPageURL: URL(string: "about:blank")!)
                {
                    preconditionFailure("no tab expected")
                }
                mediator.disconnect()
                mediator.openNewTab()
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("BrowserMediator.openNewTab() used after disconnect()"))
    }
}
