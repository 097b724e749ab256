import Foundation
import Mediators
import ModelTestSupport
import TabModel
import TestSupport
import Testing
import UIInterfaces
import Web
import WebTestSupport

/// The page an incognito window shows over a new tab, while its tab is on the new tab page.
@MainActor
struct NewTabPageMediatorTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    let consumer = RecordingNewTabPageConsumer()
    static let blank = URL(string: "about:blank")!

    /// A tab opened as the New Tab command opens one, called `name`.
    func newTab(named name: String) -> WebState {
        // As WebKit's: the blank page has no title.
        builder.engine.setPage(Self.blank, .init(title: ""))
        let tab = WebState(params: .init(context: builder.engine.defaultContext, url: Self.blank))
        tab.load(Self.blank)
        builder.register(tab, name: name)
        return tab
    }

    func makeMediator(_ description: String) throws -> NewTabPageMediator {
        try builder.build(list, description)
        let mediator = NewTabPageMediator(webStateList: list)
        mediator.consumer = consumer
        return mediator
    }

    @Test func thePageShowsWhileTheActiveTabIsOnTheNewTabPage() throws {
        let n = newTab(named: "n")
        let mediator = try makeMediator("| a n*")
        #expect(consumer.shown == [true])
        list.activate(at: 0)
        list.activate(at: 1)
        // The tab navigates: the page goes as the load starts.
        n.load(URL(string: "https://b.test/")!)
        #expect(consumer.shown == [true, false, true, false])
        // Back to a new tab, then no tab at all.
        list.activate(at: 0)
        list.insert(newTab(named: "m"), .automatic.activating())
        list.close(at: 2)
        #expect(consumer.shown == [true, false, true, false, true, false])
        _ = mediator
    }

    @Test func anUnrealizedTabOfAPageIsNotOnTheNewTabPage() throws {
        let mediator = try makeMediator("| a*")
        #expect(consumer.shown == [false])
        #expect(!builder.webState(named: "a").isRealized)
        _ = mediator
    }

    @Test func disconnectStopsPushing() throws {
        let mediator = try makeMediator("| a*")
        consumer.shown.removeAll()
        mediator.disconnect()
        list.insert(newTab(named: "n"), .automatic.activating())
        #expect(consumer.shown.isEmpty)
    }

    @Test func settingTheConsumerAfterDisconnectFailsNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let mediator = NewTabPageMediator(webStateList: WebStateList(delegate: nil))
                mediator.disconnect()
                mediator.consumer = nil
            }
        }.expectPreconditionMessage("NewTabPageMediator.consumer used after disconnect()")
    }
}
