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

/// A mediator on `list`, built from `description`, whose new tabs are WebStates of the
/// builder's engine told the page they open.
@MainActor
private func makeBrowserMediator(
    _ builder: WebStateListBuilder, _ list: WebStateList, _ description: String,
    startPage: URL = URL(string: "about:blank")!
) throws -> BrowserMediator {
    try builder.build(list, description)
    let context = builder.engine.defaultContext
    return BrowserMediator(webStateList: list, startPageURL: startPage) {
        WebState(params: .init(context: context, url: $0))
    }
}

@MainActor
struct BrowserMediatorTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    let startPage = URL(string: "about:blank")!

    func makeMediator(_ description: String) throws -> BrowserMediator {
        try makeBrowserMediator(builder, list, description, startPage: startPage)
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

    @Test func newTabsTellTheEngineWhichPageTheyOpen() throws {
        let mediator = try makeMediator("| a*")
        let context = builder.engine.defaultContext
        let before = context.contentURLs.count
        let urls = ["https://x.test/", "https://y.test/"].map { URL(string: $0)! }
        mediator.openTabs(urls)
        mediator.openNewTab()
        #expect(Array(context.contentURLs.dropFirst(before)) == urls + [startPage])
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

    @Test func aCommandAfterDisconnectFailsNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let list = WebStateList(delegate: nil)
                let mediator = BrowserMediator(webStateList: list, startPageURL: URL(string: "about:blank")!)
                { _ in
                    preconditionFailure("no tab expected")
                }
                mediator.disconnect()
                mediator.openNewTab()
            }
        }.expectPreconditionMessage("BrowserMediator.openNewTab() used after disconnect()")
    }
}

@MainActor
struct BrowserMediatorZoomTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)

    func makeMediator(_ description: String) throws -> BrowserMediator {
        try makeBrowserMediator(builder, list, description)
    }

    @Test func zoomInStepsThroughThePresetsAndStopsAtTheTop() throws {
        let mediator = try makeMediator("| a*")
        let tab = try #require(list.activeWebState)
        var seen: [Double] = []
        for _ in 0..<10 {
            mediator.zoomIn()
            seen.append(tab.zoomLevel)
        }
        #expect(seen == [1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4, 5, 5])
    }

    @Test func zoomOutStepsDownAndStopsAtTheBottom() throws {
        let mediator = try makeMediator("| a*")
        let tab = try #require(list.activeWebState)
        var seen: [Double] = []
        for _ in 0..<8 {
            mediator.zoomOut()
            seen.append(tab.zoomLevel)
        }
        #expect(seen == [0.9, 0.8, 0.75, 0.67, 0.5, 0.33, 0.25, 0.25])
    }

    @Test func aLevelBetweenPresetsStepsToTheNeighbouringPresets() throws {
        let mediator = try makeMediator("| a*")
        let tab = try #require(list.activeWebState)
        tab.zoomLevel = 1.2
        mediator.zoomIn()
        #expect(tab.zoomLevel == 1.25)
        tab.zoomLevel = 1.2
        mediator.zoomOut()
        #expect(tab.zoomLevel == 1.1)
    }

    @Test func resetZoomGoesBackToTheDefaultAndFollowsIt() throws {
        let mediator = try makeMediator("| a*")
        let tab = try #require(list.activeWebState)
        tab.context.defaultPageZoom.factor = 1.25
        mediator.zoomIn()
        mediator.zoomIn()
        #expect(tab.zoomLevel == 1.75)
        mediator.resetZoom()
        #expect(tab.zoomLevel == 1.25)
        tab.context.defaultPageZoom.factor = 0.9
        #expect(tab.zoomLevel == 0.9)
    }

    @Test func zoomIsPerTab() throws {
        let mediator = try makeMediator("| a b*")
        mediator.zoomIn()
        list.activate(at: 0)
        mediator.zoomOut()
        mediator.zoomOut()
        #expect(list.webState(at: 0).zoomLevel == 0.8)
        #expect(list.webState(at: 1).zoomLevel == 1.1)
    }

    @Test func zoomWithNoTabsDoesNothing() throws {
        let mediator = try makeMediator("|")
        mediator.zoomIn()
        mediator.zoomOut()
        mediator.resetZoom()
        #expect(list.isEmpty)
    }
}

@MainActor
struct BrowserMediatorPrintTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)

    func makeMediator(_ description: String) throws -> BrowserMediator {
        try makeBrowserMediator(builder, list, description)
    }

    @Test func printingShowsTheDialogOfTheActiveTabOnly() throws {
        _ = builder.realizedWebState(named: "a")
        _ = builder.realizedWebState(named: "b")
        let mediator = try makeMediator("| a b*")
        mediator.printActivePage()
        let contents = try list.webStates.map { try #require($0.fakeContent) }
        #expect(contents.map(\.printRequests) == [0, 1])
    }

    @Test func inspectorOpensForTheActiveTabOnly() throws {
        _ = builder.realizedWebState(named: "a")
        _ = builder.realizedWebState(named: "b")
        let mediator = try makeMediator("| a* b")
        mediator.showInspectorForActivePage()
        let contents = try list.webStates.map { try #require($0.fakeContent) }
        #expect(contents.map(\.inspectorRequests) == [1, 0])
    }

    @Test func viewSourceOpensTheSourceInATabAfterTheActiveOne() throws {
        builder.engine.setPage(URL(string: "https://a.test/")!, .init(title: "A", text: "<p>a & b</p>"))
        let a = builder.realizedWebState(named: "a")
        let mediator = try makeMediator("| a* b")
        mediator.viewSourceOfActivePage()
        #expect(list.count == 3)
        let source = try #require(list.activeWebState)
        #expect(list.activeIndex == 1)
        #expect(list.opener(at: 1)?.webState === a)
        let url = try #require(source.visibleURL)
        #expect(url.absoluteString.hasPrefix("data:text/html;charset=utf-8;base64,"))
        let html = String(
            decoding: try #require(Data(base64Encoded: String(url.absoluteString.split(separator: ",")[1]))),
            as: UTF8.self)
        #expect(html.contains("<title>Source of https://a.test/</title>"))
        #expect(html.contains("&lt;p&gt;a &amp; b&lt;/p&gt;"))
    }

    @Test func viewSourceOfAnUnrealizedTabDoesNothing() throws {
        let mediator = try makeMediator("| a* b")
        mediator.viewSourceOfActivePage()
        #expect(list.count == 2)
    }

    @Test func printingWithNoTabsDoesNothing() throws {
        let mediator = try makeMediator("|")
        mediator.printActivePage()
        #expect(builder.engine.contentsCreated == 0)
    }
}

extension WebState {
    /// The fake content of a realized tab (nil while unrealized).
    @MainActor fileprivate var fakeContent: FakeWebContent? {
        isRealized ? view.owner as? FakeWebContent : nil
    }
}

/// How the pages the browser opens by itself are marked: what the history records of them.
@MainActor
struct BrowserMediatorTransitionTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    let recorder = FinishedNavigationRecorder()
    let startPage = URL(string: "https://start.test/")!

    func makeMediator(newTabPrefs: PrefService? = nil) throws -> BrowserMediator {
        try builder.build(list, "| a*")
        let context = builder.engine.defaultContext
        return BrowserMediator(webStateList: list, startPageURL: startPage, newTabPrefs: newTabPrefs) {
            [recorder] in
            let webState = WebState(params: .init(context: context, url: $0))
            webState.addObserver(recorder)
            return webState
        }
    }

    @Test func pagesAnotherProgramAskedForAreTopLevelFromTheAPI() throws {
        let mediator = try makeMediator()
        mediator.openTabs(["https://x.test/", "https://y.test/"].map { URL(string: $0)! })
        #expect(recorder.transitions == ["autoToplevel|fromAPI", "autoToplevel|fromAPI"])
    }

    @Test func aNewTabsStartPageIsTopLevelAndItsHomePageIsTheHomePage() throws {
        let registry = PrefRegistry()
        HomePagePrefs.register(in: registry)
        let prefs = PrefService(registry: registry)
        let mediator = try makeMediator(newTabPrefs: prefs)
        mediator.openNewTab()
        prefs.set(HomePagePrefs.homePageIsNewTabPage, .bool(false))
        prefs.set(HomePagePrefs.homePage, .string("https://home.test/"))
        mediator.openNewTab()
        #expect(recorder.transitions == ["autoToplevel", "autoBookmark|homePage"])
    }
}
