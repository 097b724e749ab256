import Foundation
import Mediators
import ModelTestSupport
import TabModel
import TestSupport
import Testing
import Web
import WebTestSupport

@MainActor
struct WindowTitleMediatorTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    let consumer = RecordingWindowTitleConsumer()

    func makeMediator(_ description: String, isIncognito: Bool = false) throws -> WindowTitleMediator {
        try builder.build(list, description)
        let mediator = WindowTitleMediator(webStateList: list, isIncognito: isIncognito)
        mediator.consumer = consumer
        return mediator
    }

    private func fakeContent(_ webState: WebState) -> FakeWebContent {
        webState.view.owner as! FakeWebContent
    }

    @Test(arguments: [
        // (page title, incognito, window title)
        ("Page", false, "Page — Swiftlet"),
        ("", false, "Swiftlet"),
        ("   ", false, "Swiftlet"),
        ("Two\nlines\t and  tabs ", false, "Two lines and tabs — Swiftlet"),
        ("Page", true, "Page — Swiftlet (Incognito)"),
        ("", true, "Swiftlet (Incognito)"),
    ])
    func theWindowTitleIsMadeFromThePageTitle(pageTitle: String, isIncognito: Bool, expected: String) {
        #expect(WindowTitleMediator.windowTitle(pageTitle: pageTitle, isIncognito: isIncognito) == expected)
    }

    @Test func settingTheConsumerPushesTheActiveTabsTitle() throws {
        // An unrealized tab has its saved title.
        let mediator = try makeMediator("| a b*")
        #expect(consumer.titles == ["b — Swiftlet"])
        #expect(!builder.webState(named: "b").isRealized)
        _ = mediator
    }

    @Test func anEmptyListIsTitledWithTheApplicationAlone() {
        let mediator = WindowTitleMediator(webStateList: list, isIncognito: true)
        mediator.consumer = consumer
        #expect(consumer.titles == ["Swiftlet (Incognito)"])
    }

    @Test func theTitleFollowsTheActiveTab() throws {
        let a = builder.realizedWebState(named: "a")
        // Realizing b loads its saved page, which keeps its title.
        builder.engine.setPage(URL(string: "https://b.test/")!, .init(title: "b"))
        let mediator = try makeMediator("| a* b c")
        consumer.titles.removeAll()
        // Another tab selected, then its title changed by the page.
        list.activate(at: 1)
        fakeContent(a).simulateTitleChange("A by script")  // a background tab: nothing
        let b = builder.webState(named: "b")
        fakeContent(b).simulateTitleChange("Bravo")  // realizes b (view), then retitles it
        // A navigation of the active tab commits a page with its own title.
        builder.engine.setPage(URL(string: "https://b2.test/")!, .init(title: "Bravo 2"))
        b.load(URL(string: "https://b2.test/")!)
        // The active tab closed: the next one's title.
        list.close(at: 1)
        #expect(
            consumer.titles == ["b — Swiftlet", "Bravo — Swiftlet", "Bravo 2 — Swiftlet", "c — Swiftlet"])
        // The last tab closed.
        list.close(at: 1)
        list.close(at: 0)
        #expect(consumer.titles.suffix(2) == ["A by script — Swiftlet", "Swiftlet"])
        _ = mediator
    }

    @Test func switchingToARestoredTabShowsItsSavedTitleWhileItLoads() throws {
        // The page loads slowly: the engine has no title for it yet, as WebKit has none
        // after a restore until the page commits.
        builder.engine.setPage(URL(string: "https://b.test/")!, .init(title: "b", stalls: true))
        let mediator = try makeMediator("| a* b")
        consumer.titles.removeAll()
        list.activate(at: 1)
        let b = builder.webState(named: "b")
        b.forceRealized()  // as the content area does for the tab it shows
        #expect(b.isLoading)
        #expect(fakeContent(b).title.isEmpty)
        #expect(consumer.titles == ["b — Swiftlet"], "never the application's name alone")
        _ = mediator
    }

    @Test func anUnchangedTitleIsNotPushedAgain() throws {
        let mediator = try makeMediator("| a* b")
        consumer.titles.removeAll()
        let a = builder.webState(named: "a")
        // Realization loads the saved page, whose engine title is the saved one.
        builder.engine.setPage(URL(string: "https://a.test/")!, .init(title: "a"))
        a.forceRealized()
        fakeContent(a).simulateTitleChange("a")
        #expect(consumer.titles.isEmpty)
        _ = mediator
    }

    @Test func disconnectStopsPushing() throws {
        let a = builder.realizedWebState(named: "a")
        let mediator = try makeMediator("| a*")
        consumer.titles.removeAll()
        mediator.disconnect()
        fakeContent(a).simulateTitleChange("Changed")
        list.close(at: 0)
        #expect(consumer.titles.isEmpty)
    }

    @Test func settingTheConsumerAfterDisconnectFailsNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let mediator = WindowTitleMediator(
                    webStateList: WebStateList(delegate: nil), isIncognito: false)
                mediator.disconnect()
                mediator.consumer = nil
            }
        }.expectPreconditionMessage("WindowTitleMediator.consumer used after disconnect()")
    }
}
