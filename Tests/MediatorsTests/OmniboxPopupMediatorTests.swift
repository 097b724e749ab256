import Foundation
import History
import Mediators
import ModelTestSupport
import Omnibox
import TabModel
import TestSupport
import Testing
import UIInterfaces
import Web
import WebTestSupport

/// Keeps what the dropdown mediator pushed.
@MainActor
final class RecordingOmniboxPopupConsumer: OmniboxPopupConsumer {
    var rows: [OmniboxPopupRow] = []
    var selected: Int?
    var entry: OmniboxTextState?
    var tabTexts: [String?] = []

    func setRows(_ rows: [OmniboxPopupRow], selected: Int?) {
        self.rows = rows
        self.selected = selected
    }

    func setEntryState(_ state: OmniboxTextState) { entry = state }

    func showTabText(typedText: String?) {
        tabTexts.append(typedText)
        entry = nil
    }
}

@MainActor
struct OmniboxPopupMediatorTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    let consumer = RecordingOmniboxPopupConsumer()
    let tabs = Tabs()
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @MainActor
    final class Tabs: OpenTabSource {
        var openTabs: [OpenTab] = []
        var switched: [WebStateID] = []
        var deleted: [URL] = []
    }

    func makeMediator(faviconLoader: FaviconLoader? = nil) async throws -> OmniboxPopupMediator {
        try builder.build(list, "| a* b")
        let index = URLIndex(now: { Self.now })
        await index.rebuild(from: [
            URLRow(
                url: URL(string: "https://example.org/")!, title: "Example", visitCount: 9,
                lastVisit: Self.now),
            URLRow(
                url: URL(string: "https://example.org/docs")!, title: "Docs", visitCount: 5,
                lastVisit: Self.now),
        ])
        let tabs = self.tabs
        let controller = AutocompleteController(providers: [
            WhatYouTypedProvider(),
            HistoryQuickProvider(index: index, now: { Self.now }, onDelete: { tabs.deleted.append($0) }),
            OpenTabProvider(source: tabs),
        ])
        let engine = builder.engine
        let mediator = OmniboxPopupMediator(
            webStateList: list, controller: controller,
            webStateFactory: { WebState(params: .init(context: engine.defaultContext, url: $0)) },
            switchToTab: { tabs.switched.append($0) }, faviconLoader: faviconLoader)
        mediator.consumer = consumer
        return mediator
    }

    func type(_ mediator: OmniboxPopupMediator, _ text: String) {
        let before = consumer.entry ?? OmniboxTextState(text: "", selection: 0..<0)
        let typed = String(before.text.prefix(before.selection.lowerBound)) + text
        mediator.omniboxTextChanged(
            from: before, to: OmniboxTextState(text: typed, selection: typed.count..<typed.count))
        if consumer.entry == nil || consumer.entry?.text.hasPrefix(typed) == false {
            consumer.entry = OmniboxTextState(text: typed, selection: typed.count..<typed.count)
        }
    }

    @Test func typingShowsRowsAndTheCompletionSelected() async throws {
        let mediator = try await makeMediator()
        type(mediator, "e")
        #expect(consumer.entry == OmniboxTextState(text: "example.org", selection: 1..<11))
        type(mediator, "x")
        #expect(consumer.entry == OmniboxTextState(text: "example.org", selection: 2..<11))
        #expect(
            consumer.rows.first
                == OmniboxPopupRow(
                    kind: .page, title: "Example", titleBold: [0..<2], url: "example.org", urlBold: [0..<2]
                ))
        #expect(consumer.rows.contains { $0.kind == .search && $0.title == "ex" })
        #expect(consumer.selected == 0)
    }

    @Test func pageRowsGetTheirFaviconsAsTheDatabaseAnswers() async throws {
        let engine = builder.engine
        let icon = Data([0x89, 0x50, 0x4E, 0x47])
        engine.faviconDatabase["https://example.org/"] = icon
        let loader = FaviconLoader(context: engine.defaultContext)
        let mediator = try await makeMediator(faviconLoader: loader)
        type(mediator, "ex")
        #expect(consumer.rows.allSatisfy { $0.favicon == nil }, "nothing known yet: the database is asked")
        #expect(
            Set(engine.defaultContext.faviconRequests.map(\.absoluteString))
                == ["https://example.org/", "https://example.org/docs"],
            "only pages are asked about, not the search or what was typed")
        engine.defaultContext.answerFaviconRequests()
        #expect(consumer.rows.first?.favicon == icon)
        #expect(consumer.rows.dropFirst().allSatisfy { $0.favicon == nil })
        #expect(consumer.selected == 0)
        type(mediator, "a")
        #expect(consumer.rows.first?.favicon == icon, "from memory the next time")
        #expect(engine.defaultContext.faviconRequests.count == 2)
        mediator.disconnect()
        loader.setFavicon(Data([1]), forPageURL: URL(string: "https://example.org/")!)
    }

    @Test func arrowsPutTheRowsURLInTheEntryAndEscapePutsTheTypedTextBackThenCloses() async throws {
        let mediator = try await makeMediator()
        type(mediator, "ex")
        #expect(mediator.omniboxMoveSelection(by: 1))
        #expect(consumer.selected == 1)
        let second = mediator.result.matches[1]
        #expect(consumer.entry?.text == OmniboxPopupMediator.entryText(for: second))
        #expect(mediator.omniboxMoveSelection(by: -5) && consumer.selected == 0)
        #expect(mediator.omniboxEscape())
        #expect(consumer.entry == OmniboxTextState(text: "example.org", selection: 2..<11))
        #expect(!consumer.rows.isEmpty)
        #expect(mediator.omniboxEscape())
        #expect(consumer.rows.isEmpty)
        #expect(!mediator.omniboxEscape(), "closed: Escape goes on to the entry")
    }

    @Test func enterOpensTheCompletedPageInTheActiveTab() async throws {
        let mediator = try await makeMediator()
        type(mediator, "exa")
        #expect(mediator.omniboxOpenSelection(inNewTab: false))
        #expect(list.activeWebState?.visibleURL?.absoluteString == "https://example.org/")
        #expect(consumer.rows.isEmpty)
        #expect(list.count == 2)
    }

    @Test func altEnterOpensTheSelectedRowInANewTab() async throws {
        let mediator = try await makeMediator()
        type(mediator, "exa")
        #expect(mediator.omniboxMoveSelection(by: 1))
        let chosen = mediator.result.matches[1].destinationURL
        #expect(mediator.omniboxOpenSelection(inNewTab: true))
        #expect(list.count == 3 && list.activeIndex == 2)
        #expect(list.activeWebState?.visibleURL == chosen)
    }

    @Test func aSwitchToTabRowSwitchesToTheTab() async throws {
        let id = WebStateID.newUnique()
        tabs.openTabs = [OpenTab(id: id, title: "Rust book", url: URL(string: "https://doc.test/rust")!)]
        let mediator = try await makeMediator()
        type(mediator, "rust")
        let index = try #require(consumer.rows.firstIndex { $0.kind == .switchToTab })
        mediator.omniboxOpenRow(index)
        #expect(tabs.switched == [id])
        #expect(consumer.rows.isEmpty)
    }

    @Test func shiftDeleteRemovesTheSelectedHistoryRow() async throws {
        let mediator = try await makeMediator()
        type(mediator, "docs")
        #expect(!mediator.omniboxDeleteSelection(), "nothing selected with the arrows")
        let index = try #require(mediator.result.matches.firstIndex { $0.type == .historyURL })
        #expect(mediator.omniboxMoveSelection(by: index))
        #expect(mediator.omniboxDeleteSelection())
        #expect(tabs.deleted == [URL(string: "https://example.org/docs")!])
        #expect(!consumer.rows.contains { $0.url == "example.org/docs" })
    }

    @Test func deletingTextLeavesNothingFilledIn() async throws {
        let mediator = try await makeMediator()
        type(mediator, "exa")
        let shown = try #require(consumer.entry)
        consumer.entry = nil
        // Backspace with the completion selected: it goes, and no other comes.
        mediator.omniboxTextChanged(from: shown, to: OmniboxTextState(text: "exa", selection: 3..<3))
        #expect(consumer.entry == nil, "the entry keeps what is left")
        #expect(!consumer.rows.isEmpty)
    }

    @Test func whatWasTypedComesBackWithItsTab() async throws {
        let mediator = try await makeMediator()
        type(mediator, "docs")
        list.activate(at: 1)
        #expect(consumer.tabTexts == [nil], "the other tab shows its URL")
        #expect(consumer.rows.isEmpty, "the dropdown closed")
        list.activate(at: 0)
        #expect(consumer.tabTexts == [nil, "docs"])
        // Opened, or replaced by the page's URL: nothing comes back.
        type(mediator, "exa")
        #expect(mediator.omniboxOpenSelection(inNewTab: false))
        list.activate(at: 1)
        list.activate(at: 0)
        #expect(consumer.tabTexts == [nil, "docs", nil, nil])
        type(mediator, "exa")
        mediator.omniboxTypedTextReplaced()
        list.activate(at: 1)
        list.activate(at: 0)
        #expect(consumer.tabTexts.last == .some(nil))
    }

    @Test func aDisconnectedMediatorFailsNamingTheMethod() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let mediator = OmniboxPopupMediator(
                    webStateList: WebStateList(delegate: nil),
                    controller: AutocompleteController(providers: []),
                    webStateFactory: { _ in preconditionFailure("no tab expected") }, switchToTab: { _ in })
                mediator.disconnect()
                _ = mediator.omniboxEscape()
            }
        }.expectPreconditionMessage("OmniboxPopupMediator.omniboxEscape() used after disconnect()")
    }
}
