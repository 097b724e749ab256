import Foundation
import History
import Omnibox
import Testing

/// Filling in the rest of a URL from history as the user types (Chromium's inline
/// autocompletion): when the best history page's URL, without its scheme and `www.`, starts
/// with the text.
@MainActor
struct InlineAutocompletionTests {
    nonisolated static let history = [
        row("https://www.example.org/", "Example", visits: 12, typed: 3),
        row("https://example.org/docs/guide", "Guide", visits: 5),
        row("http://xn--bcher-kva.test/caf%C3%A9", "Bücher", visits: 5),
        row("https://news.test/", "News", visits: 4),
    ]

    @Test(arguments: [
        // (typed, the completion, what the entry shows)
        ("e", "xample.org", "example.org"),
        ("exa", "mple.org", "example.org"),
        ("EXA", "mple.org", "EXAmple.org"),
        ("www.exa", "mple.org", "www.example.org"),
        ("https://exa", "mple.org", "https://example.org"),
        ("https://www.ex", "ample.org", "https://www.example.org"),
        ("example.org/d", "ocs/guide", "example.org/docs/guide"),
        ("bü", "cher.test/café", "bücher.test/café"),
        ("n", "ews.test", "news.test"),
    ])
    func fillsInTheRest(typed: String, completion: String, shown: String) async {
        let controller = await makeController(Self.history)
        let match = controller.start(AutocompleteInput(text: typed)).defaultMatch
        #expect(match?.type == .historyURL)
        #expect(match?.inlineAutocompletion == completion)
        #expect(match?.fillIntoEdit == shown)
    }

    @Test(arguments: [
        // (typed, why nothing is filled in)
        ("xample", "the middle of the host"),
        ("guide", "a word of the path, not the start of the URL"),
        ("exa ", "a trailing space: words, not a URL"),
        ("http://exa", "another scheme"),
    ])
    func fillsInNothing(typed: String, reason: String) async {
        let controller = await makeController(Self.history)
        let match = controller.start(AutocompleteInput(text: typed)).defaultMatch
        #expect(match?.inlineAutocompletion == "", "\(reason)")
        #expect(match?.type == .search || match?.type == .urlWhatYouTyped, "\(reason)")
    }

    @Test func nothingIsFilledInAfterADeletion() async {
        let controller = await makeController(Self.history)
        let match = controller.start(AutocompleteInput(text: "exa", preventInlineAutocomplete: true))
            .defaultMatch
        #expect(match?.type == .search && match?.inlineAutocompletion == "")
        #expect(controller.result.matches.contains { $0.contents == "example.org" }, "still a row")
    }

    @Test func nothingIsFilledInWithTheCursorInTheMiddle() async {
        let controller = await makeController(Self.history)
        let match = controller.start(AutocompleteInput(text: "exa", cursorPosition: 1)).defaultMatch
        #expect(match?.inlineAutocompletion == "")
    }

    @Test func theCompletedRowIsTheDefaultOverABetterScoredOne() async {
        // A page visited far more, whose title alone holds the word, is a row, but Enter opens
        // the page whose URL was filled in.
        let controller = await makeController([
            row("https://other.test/", "Example stories", visits: 40, typed: 20),
            row("https://example.org/", visits: 1),
        ])
        let result = controller.start(AutocompleteInput(text: "exa"))
        #expect(result.defaultMatch?.contents == "example.org")
        #expect(result.matches.map(\.contents).contains("other.test"))
    }

    @Test func theWholeURLTypedIsTheDefaultWithNothingToFill() async {
        let controller = await makeController(Self.history)
        let result = controller.start(AutocompleteInput(text: "news.test"))
        #expect(result.defaultMatch?.type == .historyURL && result.defaultMatch?.inlineAutocompletion == "")
        #expect(result.matches.filter { $0.contents == "news.test" }.count == 1, "one row for the page")
    }

    /// GNOME Web's bug #2709: the completion came back only on every second character. Each
    /// keystroke here is what the entry reports: the selected completion replaced by the
    /// character at once, or (as a GtkText does) removed first and the character inserted next.
    @Test(arguments: [false, true])
    func everyKeystrokeIsCompleted(removesTheSelectionFirst: Bool) async {
        let model = OmniboxEditModel(controller: await makeController(Self.history))
        for character in "example.or" {
            let before = model.state
            let typed = model.userText + String(character)
            if removesTheSelectionFirst {
                let removed = OmniboxEditState(text: model.userText)
                let shown = model.textChanged(from: before, to: removed)
                model.textChanged(from: shown, to: OmniboxEditState(text: typed))
            } else {
                model.textChanged(from: before, to: OmniboxEditState(text: typed))
            }
            #expect(model.userText == typed)
            #expect(
                model.state.text == "example.org" && model.state.selection == typed.count..<11,
                "after \(typed): \(model.state)")
        }
    }

    @Test(arguments: ["backspace", "delete"])
    func backspaceAndDeleteLeaveNothingFilledIn(key: String) async {
        let model = OmniboxEditModel(controller: await makeController(Self.history))
        model.textChanged(from: OmniboxEditState(text: ""), to: OmniboxEditState(text: "e"))
        model.textChanged(from: model.state, to: OmniboxEditState(text: "ex"))
        #expect(model.state.text == "example.org")
        // Backspace or Delete with the completion selected removes the completion.
        model.textChanged(from: model.state, to: OmniboxEditState(text: "ex"))
        #expect(model.state == OmniboxEditState(text: "ex"))
        let deleted =
            key == "backspace"
            ? OmniboxEditState(text: "e")
            : OmniboxEditState(text: "x", selection: 0..<0)
        let before = key == "backspace" ? model.state : OmniboxEditState(text: "ex", selection: 0..<0)
        model.textChanged(from: before, to: deleted)
        #expect(model.inlineAutocompletion == "")
        // The next character typed completes again.
        model.textChanged(from: OmniboxEditState(text: "e"), to: OmniboxEditState(text: "ex"))
        #expect(model.state.text == "example.org")
    }

    @Test func movingTheCursorAcceptsTheCompletion() async {
        let model = OmniboxEditModel(controller: await makeController(Self.history))
        model.textChanged(from: OmniboxEditState(text: ""), to: OmniboxEditState(text: "ex"))
        model.textChanged(from: model.state, to: OmniboxEditState(text: "example.org"))
        #expect(model.userText == "example.org" && model.inlineAutocompletion == "")
    }
}
