import Foundation
import Mediators
import ModelTestSupport
import TabModel
import TestSupport
import Testing
import UIInterfaces
import Web
import WebTestSupport

/// The info bar for windows a page was refused: on the fake engine, with a real browser whose
/// agent turns allowed windows into tabs.
@MainActor
struct BlockedPopupMediatorTests {
    let engine = FakeWebEngine()
    let consumer = RecordingInfoBarConsumer()

    private func url(_ name: String) -> URL { URL(string: "https://\(name).test/")! }

    /// A browser with realized tabs named by `names` showing `https://<name>.test/`, the
    /// first active, and a mediator pushing to the recording consumer.
    private func makeBrowser(_ names: [String]) -> (Browser, BlockedPopupMediator) {
        let browser = Browser(kind: .regular, profile: TestProfile.make(engine: engine), delegate: nil)
        WebStateDelegateBrowserAgent.attach(to: browser)
        for name in names {
            let tab = WebState(params: .init(context: browser.profile.webEngineContext))
            tab.load(url(name))
            browser.webStateList.insert(tab)
        }
        browser.webStateList.activate(at: 0)
        let mediator = BlockedPopupMediator(webStateList: browser.webStateList)
        mediator.consumer = consumer
        return (browser, mediator)
    }

    private func content(_ webState: WebState) -> FakeWebContent { webState.view.owner as! FakeWebContent }

    /// Blocks a window for `target` asked for by `webState`'s page without a gesture.
    private func block(_ target: String, from webState: WebState) {
        #expect(content(webState).simulateNewWindowRequest(url: url(target), isUserGesture: false) == nil)
    }

    private func hosts(_ list: WebStateList) -> String {
        list.webStates.map { $0.lastCommittedURL?.host?.replacingOccurrences(of: ".test", with: "") ?? "?" }
            .joined(separator: " ")
    }

    @Test(arguments: [
        // (blocked, message, detail)
        (["x"], "Pop-up blocked", "https://x.test/"),
        (["x", "y", "z"], "3 pop-ups blocked", "https://x.test/ and 2 more"),
    ])
    func theBarSaysWhatWasBlocked(names: [String], message: String, detail: String) {
        let item = BlockedPopupMediator.infoBar(for: names.map { url($0) })
        #expect(item.kind == .blockedPopup)
        #expect(item.message == message)
        #expect(item.detail == detail)
        #expect(item.buttons == [InfoBarButton(.open, label: "Open")])
        #expect(item.isDismissible)
    }

    @Test func aBlockedWindowShowsTheBarOnlyWhileItsTabIsActive() {
        let (browser, mediator) = makeBrowser(["a", "b"])
        let list = browser.webStateList
        #expect(consumer.pushes == ["hide blocked-popup"])
        consumer.pushes.removeAll()
        block("x", from: list.webState(at: 0))
        // A background tab's page is refused too; its bar waits for the tab.
        block("y", from: list.webState(at: 1))
        block("z", from: list.webState(at: 1))
        list.activate(at: 1)
        list.activate(at: 0)
        #expect(
            consumer.pushes == [
                "show blocked-popup: Pop-up blocked (https://x.test/) [Open]",
                "show blocked-popup: 2 pop-ups blocked (https://y.test/ and 1 more) [Open]",
                "show blocked-popup: Pop-up blocked (https://x.test/) [Open]",
            ])
        #expect(hosts(list) == "a b", "nothing opened")
        _ = mediator
    }

    @Test func openOpensTheBlockedWindowsAsTabsOfTheirOpener() {
        let (browser, mediator) = makeBrowser(["a", "b"])
        let list = browser.webStateList
        let a = list.webState(at: 0)
        block("x", from: a)
        block("y", from: a)
        consumer.pushes.removeAll()
        mediator.openBlockedPopups()
        // After the opener, in order, each with the opener recorded; the last one active.
        #expect(hosts(list) == "a x y b")
        #expect(list.opener(at: 1)?.webState === a)
        #expect(list.opener(at: 2)?.webState === a)
        #expect(list.webState(at: 1).hasOpener)
        #expect(list.activeIndex == 2)
        #expect(consumer.pushes == ["hide blocked-popup"])
        // They are forgotten: back on the opener, no bar.
        list.activate(at: 0)
        #expect(consumer.pushes == ["hide blocked-popup"])
    }

    @Test func dismissForgetsThemAndANewBlockShowsTheBarAgain() {
        let (browser, mediator) = makeBrowser(["a"])
        let a = browser.webStateList.webState(at: 0)
        block("x", from: a)
        consumer.pushes.removeAll()
        mediator.dismissBlockedPopups()
        block("y", from: a)
        #expect(
            consumer.pushes == [
                "hide blocked-popup", "show blocked-popup: Pop-up blocked (https://y.test/) [Open]",
            ])
        mediator.openBlockedPopups()
        #expect(hosts(browser.webStateList) == "a y", "only what was blocked since the dismissal")
    }

    @Test func aNewPageReplacesTheBarButAWindowFromAGestureDoesNot() {
        let (browser, mediator) = makeBrowser(["a"])
        let list = browser.webStateList
        let a = list.webState(at: 0)
        block("x", from: a)
        // A window the user asked for opens and leaves the bar alone.
        #expect(content(a).simulateNewWindowRequest(url: url("g"), isUserGesture: true) != nil)
        list.activate(at: 0)
        #expect(consumer.shown[.blockedPopup]?.detail == "https://x.test/")
        consumer.pushes.removeAll()
        // A same-document navigation (the fake engine makes none: as the engine reports it)
        // and a failed one keep the page; a new page forgets it.
        let id: Int64 = 10_000
        let sameDocument = NavigationContext(
            navigationID: id, url: URL(string: "https://a.test/#s")!, isSameDocument: true, hasCommitted: true
        )
        mediator.didFinishNavigation(a, context: sameDocument)
        mediator.didFinishNavigation(a, context: NavigationContext(navigationID: id + 1, url: url("d")))
        #expect(consumer.pushes.isEmpty)
        a.load(url("c"))
        #expect(consumer.pushes == ["hide blocked-popup"])
    }

    @Test func tabsThatLeaveTheListOrAreDiscardedAreForgotten() throws {
        let (browser, mediator) = makeBrowser(["a", "b", "c"])
        let list = browser.webStateList
        let b = list.webState(at: 1)
        let c = list.webState(at: 2)
        block("x", from: b)
        block("y", from: c)
        // Moved away: its bar does not follow it back.
        let detached = list.detach(at: 1)
        list.insert(detached, .atIndex(1))
        list.activate(at: 1)
        // Discarded (hidden, so it may be): its page is gone.
        c.discard()
        list.activate(at: 2)
        #expect(!consumer.pushes.contains { $0.hasPrefix("show") })
        _ = mediator
    }

    @Test func aPageAsksForAtMostTheKeptNumber() {
        let (browser, mediator) = makeBrowser(["a"])
        let a = browser.webStateList.webState(at: 0)
        for index in 0..<(BlockedPopupMediator.maximumBlockedPerTab + 5) { block("p\(index)", from: a) }
        #expect(consumer.shown[.blockedPopup]?.message == "25 pop-ups blocked")
        mediator.openBlockedPopups()
        #expect(browser.webStateList.count == 1 + BlockedPopupMediator.maximumBlockedPerTab)
    }

    @Test func disconnectStopsPushing() {
        let (browser, mediator) = makeBrowser(["a"])
        consumer.pushes.removeAll()
        mediator.disconnect()
        block("x", from: browser.webStateList.webState(at: 0))
        #expect(consumer.pushes.isEmpty)
    }

    @Test func openingAfterDisconnectFailsNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let mediator = BlockedPopupMediator(webStateList: WebStateList(delegate: nil))
                mediator.disconnect()
                mediator.openBlockedPopups()
            }
        }.expectPreconditionMessage("BlockedPopupMediator.openBlockedPopups() used after disconnect()")
    }
}
