import Base
import Foundation
import History
import Mediators
import ModelTestSupport
import Omnibox
import Prefs
import Prerender
import TabModel
import Testing
import UIInterfaces
import Web
import WebTestSupport

/// The dropdown's default match loaded before Enter, and Enter showing it.
@MainActor
struct OmniboxPopupMediatorPrerenderTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let example = URL(string: "https://example.org/")!
    let engine = FakeWebEngine()
    let clock = ManualTimerClock()
    let runner = ManualMainTaskRunner()
    let consumer = RecordingOmniboxPopupConsumer()
    let browser: Browser
    let service: PrerenderService

    init() {
        let profile = TestProfile.make(engine: engine)
        browser = Browser(kind: .regular, profile: profile, delegate: nil)
        let tab = WebState(params: .init(context: profile.webEngineContext))
        browser.webStateList.insert(tab, .automatic.activating())
        tab.load(URL(string: "https://start.test/")!)
        let registry = PrefRegistry()
        PrerenderPrefs.register(in: registry)
        service = PrerenderService(
            prefs: PrefService(registry: registry), clock: clock, mainTaskRunner: runner,
            attachTabHelpers: { _ in })
    }

    func makeMediator() async -> OmniboxPopupMediator {
        let index = URLIndex(now: { Self.now })
        await index.rebuild(from: [
            URLRow(url: Self.example, title: "Example", visitCount: 9, lastVisit: Self.now),
            URLRow(
                url: URL(string: "https://example.org/docs")!, title: "Docs", visitCount: 5,
                lastVisit: Self.now),
            URLRow(
                url: URL(string: "ftp://files.test/")!, title: "Files", visitCount: 9, lastVisit: Self.now),
        ])
        let controller = AutocompleteController(providers: [
            WhatYouTypedProvider(), HistoryQuickProvider(index: index, now: { Self.now }, onDelete: { _ in }),
        ])
        let mediator = OmniboxPopupMediator(
            webStateList: browser.webStateList, controller: controller,
            webStateFactory: { [browser] in
                WebState(params: .init(context: browser.profile.webEngineContext, url: $0))
            },
            switchToTab: { _ in }, prerender: PrerenderBrowserAgent.attach(to: browser, service: service))
        mediator.consumer = consumer
        return mediator
    }

    /// Types `text` after what the entry shows before its selection (a key at a time is not
    /// needed: each change is one edit).
    func type(_ mediator: OmniboxPopupMediator, _ text: String) {
        let before = consumer.entry ?? OmniboxTextState(text: "", selection: 0..<0)
        let typed = String(before.text.prefix(before.selection.lowerBound)) + text
        consumer.entry = nil
        mediator.omniboxTextChanged(
            from: before, to: OmniboxTextState(text: typed, selection: typed.count..<typed.count))
        if consumer.entry == nil {
            consumer.entry = OmniboxTextState(text: typed, selection: typed.count..<typed.count)
        }
    }

    @Test func anInlineCompletedHistoryPageIsPrerenderedAtOnce() async {
        let mediator = await makeMediator()
        type(mediator, "exa")
        #expect(consumer.entry?.text == "example.org")
        #expect(service.prerenderWebState?.lastCommittedURL == Self.example)
        mediator.disconnect()
    }

    @Test func aHistoryPageTypedWholeWaitsForThePause() async {
        let mediator = await makeMediator()
        // Its URL is all typed: the default match, with nothing to complete.
        type(mediator, "example.org/docs")
        #expect(service.prerenderWebState == nil)
        clock.advance(by: PrerenderService.prerenderDelay)
        #expect(service.prerenderWebState?.lastCommittedURL == URL(string: "https://example.org/docs"))
        mediator.disconnect()
    }

    @Test func enterShowsThePrerenderedTab() async {
        let mediator = await makeMediator()
        type(mediator, "exa")
        let hidden = service.prerenderWebState
        #expect(mediator.omniboxOpenSelection(inNewTab: false))
        #expect(browser.webStateList.activeWebState === hidden)
        #expect(browser.webStateList.count == 1)
        #expect(service.swapCount == 1)
        #expect(consumer.rows.isEmpty)
        mediator.disconnect()
    }

    @Test func textBecomingAnotherMatchCancels() async {
        let mediator = await makeMediator()
        type(mediator, "exa")
        let hidden = service.prerenderWebState
        consumer.entry = OmniboxTextState(text: "", selection: 0..<0)
        type(mediator, "zzz")
        #expect(hidden?.isBeingDestroyed == true)
        #expect(service.lastCancelReason == .otherMatch)
        mediator.disconnect()
    }

    @Test func aPageOfAnotherSchemeIsNotPrerendered() async {
        let mediator = await makeMediator()
        type(mediator, "files")
        #expect(service.prerenderWebState == nil)
        mediator.disconnect()
    }

    @Test func theLocationBarLosingTheFocusCancels() async {
        let mediator = await makeMediator()
        type(mediator, "exa")
        let hidden = service.prerenderWebState
        mediator.omniboxClose()
        #expect(hidden?.isBeingDestroyed == true)
        #expect(service.lastCancelReason == .locationBarClosed)
        mediator.disconnect()
    }

    @Test func openingInANewTabCancelsAndLoadsThere() async {
        let mediator = await makeMediator()
        type(mediator, "exa")
        let hidden = service.prerenderWebState
        #expect(mediator.omniboxOpenSelection(inNewTab: true))
        #expect(hidden?.isBeingDestroyed == true)
        #expect(service.lastCancelReason == .notUsed)
        #expect(browser.webStateList.count == 2)
        #expect(browser.webStateList.activeWebState?.lastCommittedURL == Self.example)
        mediator.disconnect()
    }
}
