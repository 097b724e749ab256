import Commands
import Foundation
import Mediators
import ModelTestSupport
import Prefs
import TabModel
import Testing
import UIInterfaces
import Web
import WebTestSupport

/// Records the commands the context menu sends to the rest of the window, and the windows
/// the browser agent opens.
@MainActor
final class RecordingWindowCommands: NavigationCommands, BrowserCommands, SceneCommands,
    BrowserWindowOpener
{
    var received: [String] = []

    func goBack() { received.append("goBack") }
    func goForward() { received.append("goForward") }
    func goToHistoryItem(at index: Int) { received.append("goToHistoryItem \(index)") }
    func reload() { received.append("reload") }
    func stopLoading() { received.append("stopLoading") }

    func openNewTab() { received.append("openNewTab") }
    func closeCurrentTab() { received.append("closeCurrentTab") }
    func focusLocationBar() { received.append("focusLocationBar") }
    func zoomIn() { received.append("zoomIn") }
    func zoomOut() { received.append("zoomOut") }
    func resetZoom() { received.append("resetZoom") }
    func toggleFullscreen() { received.append("toggleFullscreen") }
    func printPage() { received.append("printPage") }
    func showInspector() { received.append("showInspector") }
    func viewSource() { received.append("viewSource") }
    func showKeyboardShortcuts() { received.append("showKeyboardShortcuts") }
    func showHistory() { received.append("showHistory") }
    func showBookmarks() { received.append("showBookmarks") }
    func showClearBrowsingData() { received.append("showClearBrowsingData") }
    func bookmarkCurrentPage() { received.append("bookmarkCurrentPage") }
    func showImport() {}

    func openNewWindow(incognito: Bool) { received.append("openNewWindow(incognito: \(incognito))") }
    func openInIncognitoWindow(_ url: URL) {
        received.append("openInIncognitoWindow(\(url.absoluteString))")
    }
    func moveTabToNewWindow(_ id: TabIdentifier) {}
    func moveTab(_ id: TabIdentifier, toWindow window: WindowIdentifier) {}
    func moveTab(_ id: TabIdentifier, toWindow window: WindowIdentifier, at index: Int) {}
    func reopenLastClosed() {}
    func reopenClosedEntry(_ id: Int) {}
    func restorePreviousSession() {}

    func openNewWindow(loading url: URL, from browser: Browser) {
        received.append("window opener: \(url.absoluteString)")
    }
}

/// Stands in for the file dialog: answers with `answer` (nil: Cancel) and records the asks.
@MainActor
final class FakeSaveFileChooser: SaveFileChooser {
    var answer: URL?
    var asked: [String] = []
    /// Whether the completion waits for ``answerPending()``.
    var answersLater = false
    var isInFocusedWindow = false
    private var pending: [@MainActor (URL?) -> Void] = []

    func chooseSaveLocation(
        title: String, suggestedName: String, folder: URL?, completion: @escaping @MainActor (URL?) -> Void
    ) {
        asked.append("\(title): \(suggestedName)" + (folder.map { " in \($0.path)" } ?? ""))
        if answersLater { pending.append(completion) } else { completion(answer) }
    }

    /// Answers the asks waiting, with ``answer``.
    func answerPending() {
        let waiting = pending
        pending = []
        for completion in waiting { completion(answer) }
    }
}

/// The page's context menu: which entries show for what is under the pointer, and what
/// choosing them does, on the fake engine with a real browser and its agent.
@MainActor
struct ContextMenuMediatorTests {
    let engine = FakeWebEngine()
    let commands = RecordingWindowCommands()
    let chooser = FakeSaveFileChooser()
    let prefs: PrefService

    init() {
        let registry = PrefRegistry()
        SearchEnginePrefs.register(in: registry)
        prefs = PrefService(registry: registry)
        prefs.set(SearchEnginePrefs.searchURL, .string("https://search.test/?q={searchTerms}"))
    }

    nonisolated static let link = URL(string: "https://a.test/b.html")!
    nonisolated static let image = URL(string: "https://a.test/red.png")!

    /// A menu's entries as text: sections apart with "|", the engine's own in brackets, a
    /// disabled one marked "(off)".
    private static func describe(_ sections: [[ContextMenuItem]]) -> String {
        sections.map { section in
            section.map { item in
                var text = item.title
                if case .engine = item.action { text = "[\(text)]" }
                return item.isEnabled ? text : text + " (off)"
            }.joined(separator: ", ")
        }.joined(separator: " | ")
    }

    @Test(arguments: [
        (
            ContextMenuParams(linkURL: link), false,
            "Open Link in New Tab, Open Link in New Window, Open Link in Incognito Window"
                + " | Save Link As…, [Copy Link Address] | [Inspect Element]"
        ),
        (
            ContextMenuParams(linkURL: link), true,
            "Open Link in New Tab, Open Link in New Window | Save Link As…, [Copy Link Address] | [Inspect Element]"
        ),
        (
            ContextMenuParams(imageURL: image), false,
            "Open Image in New Tab, Save Image As…, [Copy Image], [Copy Image Address] | [Inspect Element]"
        ),
        (
            ContextMenuParams(linkURL: link, imageURL: image), true,
            "Open Link in New Tab, Open Link in New Window | Save Link As…, [Copy Link Address]"
                + " | Open Image in New Tab, Save Image As…, [Copy Image], [Copy Image Address] | [Inspect Element]"
        ),
        (
            ContextMenuParams(selectionText: "  some\n words  "), false,
            "[Copy], Search the Web for “some words” | [Inspect Element]"
        ),
        (
            ContextMenuParams(selectionText: String(repeating: "abcde ", count: 20)), false,
            "[Copy], Search the Web for “abcde abcde abcde abcde abcde abcde abcde abcde ab…” | [Inspect Element]"
        ),
        (
            ContextMenuParams(selectionText: " \n "), false,
            "Back (off), Forward (off), Reload | Save Page As…, View Page Source | [Inspect Element]"
        ),
        (
            ContextMenuParams(isEditable: true), false,
            "[Cut], [Copy], [Paste], [Select All] | [Inspect Element]"
        ),
        (
            ContextMenuParams(selectionText: "typed", isEditable: true), false,
            "[Cut], [Copy], [Paste], [Select All], Search the Web for “typed” | [Inspect Element]"
        ),
        (
            ContextMenuParams(), false,
            "Back (off), Forward (off), Reload | Save Page As…, View Page Source | [Inspect Element]"
        ),
    ])
    func theEntriesFollowWhatIsUnderThePointer(params: ContextMenuParams, isIncognito: Bool, expected: String)
    {
        let (browser, mediator) = makeBrowser(isIncognito: isIncognito)
        let items = content(browser.webStateList.webState(at: 0)).requestContextMenu(params)
        #expect(items.map(Self.describe) == expected)
        mediator.disconnect()
    }

    @Test func backAndForwardFollowTheTabsHistory() throws {
        let (browser, mediator) = makeBrowser()
        let tab = browser.webStateList.webState(at: 0)
        tab.load(URL(string: "https://a.test/next")!)
        #expect(
            content(tab).requestContextMenu(ContextMenuParams()).map(Self.describe)
                == "Back, Forward (off), Reload | Save Page As…, View Page Source | [Inspect Element]")
        try choose("Back", in: tab, ContextMenuParams())
        try choose("Reload", in: tab, ContextMenuParams())
        try choose("View Page Source", in: tab, ContextMenuParams())
        #expect(commands.received == ["goBack", "reload", "viewSource"])
        mediator.disconnect()
    }

    @Test func openLinkInNewWindowIsTheUsersOwnAndNeverBlocked() throws {
        let (browser, mediator) = makeBrowser()
        let tab = browser.webStateList.webState(at: 0)
        let popups = PopupRecorder()
        tab.addObserver(popups)
        try choose("Open Link in New Window", in: tab, ContextMenuParams(linkURL: Self.link))
        #expect(commands.received == ["window opener: https://a.test/b.html"])
        #expect(popups.blocked.isEmpty)
        #expect(browser.webStateList.count == 1, "no tab opened in this window")
        tab.removeObserver(popups)
        mediator.disconnect()
    }

    @Test func openLinkAndImageInNewTabOpenBackgroundTabsAfterThePage() throws {
        let (browser, mediator) = makeBrowser()
        let tab = browser.webStateList.webState(at: 0)
        try choose(
            "Open Link in New Tab", in: tab, ContextMenuParams(linkURL: Self.link, imageURL: Self.image))
        try choose(
            "Open Image in New Tab", in: tab, ContextMenuParams(linkURL: Self.link, imageURL: Self.image))
        let list = browser.webStateList
        #expect(
            list.webStates.map { $0.lastCommittedURL?.absoluteString ?? "" } == [
                "https://a.test/", "https://a.test/b.html", "https://a.test/red.png",
            ])
        #expect(list.activeIndex == 0)
        mediator.disconnect()
    }

    @Test func openLinkInIncognitoWindowAsksForAnIncognitoWindow() throws {
        let (browser, mediator) = makeBrowser()
        try choose(
            "Open Link in Incognito Window", in: browser.webStateList.webState(at: 0),
            ContextMenuParams(linkURL: Self.link))
        #expect(commands.received == ["openInIncognitoWindow(https://a.test/b.html)"])
        mediator.disconnect()
    }

    @Test func searchTheWebOpensTheSearchInAForegroundTab() throws {
        let (browser, mediator) = makeBrowser()
        try choose(
            "Search the Web for “swift lets”", in: browser.webStateList.webState(at: 0),
            ContextMenuParams(selectionText: "swift\n\tlets"))
        let list = browser.webStateList
        #expect(
            list.webStates.last?.lastCommittedURL?.absoluteString == "https://search.test/?q=swift+lets")
        #expect(list.activeIndex == 1)
        mediator.disconnect()
    }

    @Test(
        arguments: [
            // (entry, params, chosen file, asked, downloaded, saved as MHTML)
            (
                "Save Link As…", ContextMenuParams(linkURL: link), "/saved/b.html", "Save Link: b.html",
                "https://a.test/b.html → /saved/b.html", ""
            ),
            ("Save Link As…", ContextMenuParams(linkURL: link), nil, "Save Link: b.html", "", ""),
            (
                "Save Image As…", ContextMenuParams(imageURL: image), "/saved/red.png", "Save Image: red.png",
                "https://a.test/red.png → /saved/red.png", ""
            ),
            (
                "Save Page As…", ContextMenuParams(), "/saved/page.mhtml", "Save Page: Page A.mhtml", "",
                "/saved/page.mhtml"
            ),
            (
                "Save Page As…", ContextMenuParams(), "/saved/page.html", "Save Page: Page A.mhtml",
                "https://a.test/ → /saved/page.html", ""
            ),
            ("Save Page As…", ContextMenuParams(), nil, "Save Page: Page A.mhtml", "", ""),
        ] as [(String, ContextMenuParams, String?, String, String, String)])
    func saveAsAsksWhereAndSavesThereOrNothing(
        entry: String, params: ContextMenuParams, chosen: String?, asked: String, downloaded: String,
        savedPage: String
    ) throws {
        let (browser, mediator) = makeBrowser()
        let tab = browser.webStateList.webState(at: 0)
        chooser.answer = chosen.map { URL(fileURLWithPath: $0) }
        try choose(entry, in: tab, params)
        #expect(chooser.asked == [asked])
        #expect(
            content(tab).downloads.map { "\($0.url.absoluteString) → \($0.destination.path)" }.joined()
                == downloaded)
        #expect(content(tab).savedPages.map(\.path).joined() == savedPage)
        mediator.disconnect()
    }

    @Test func aWindowWithoutAProviderShowsTheEnginesOwnMenu() {
        let (browser, mediator) = makeBrowser()
        mediator.disconnect()
        WebStateDelegateBrowserAgent.fromBrowser(browser)?.contextMenuProvider = nil
        #expect(content(browser.webStateList.webState(at: 0)).requestContextMenu(ContextMenuParams()) == nil)
    }

    // MARK: Helpers

    /// A browser with one realized tab on `https://a.test/` ("Page A"), its agent's window
    /// opener and the window's other command handlers recording, and a mediator as the
    /// agent's menu provider registered for the context menu's commands.
    private func makeBrowser(isIncognito: Bool = false) -> (Browser, ContextMenuMediator) {
        engine.pages["https://a.test/"] = FakeWebEngine.Page(title: "Page A")
        let browser = Browser(
            kind: isIncognito ? .incognito : .regular,
            profile: TestProfile.make(engine: engine, isOffTheRecord: isIncognito),
            delegate: nil)
        let agent = WebStateDelegateBrowserAgent.attach(to: browser)
        agent.windowOpener = commands
        let tab = WebState(params: .init(context: browser.profile.webEngineContext))
        tab.load(URL(string: "https://a.test/")!)
        browser.webStateList.insert(tab, .automatic.activating())
        let dispatcher = browser.commandDispatcher
        dispatcher.startDispatching((any NavigationCommands).self, to: commands)
        dispatcher.startDispatching((any BrowserCommands).self, to: commands)
        dispatcher.startDispatching((any SceneCommands).self, to: commands)
        let mediator = ContextMenuMediator(
            isIncognito: isIncognito, prefService: prefs,
            commands: dispatcher.sender(for: (any ContextMenuCommands).self),
            navigation: dispatcher.sender(for: (any NavigationCommands).self),
            browser: dispatcher.sender(for: (any BrowserCommands).self),
            scene: dispatcher.sender(for: (any SceneCommands).self))
        mediator.saveFileChooser = chooser
        dispatcher.startDispatching((any ContextMenuCommands).self, to: mediator)
        agent.contextMenuProvider = mediator
        return (browser, mediator)
    }

    private func content(_ webState: WebState) -> FakeWebContent { webState.view.owner as! FakeWebContent }

    /// Opens the menu of `webState` over `params` and chooses the entry titled `title`, which
    /// must be one of the browser's.
    private func choose(_ title: String, in webState: WebState, _ params: ContextMenuParams) throws {
        let items = try #require(content(webState).requestContextMenu(params)).joined()
        let item = try #require(items.first { $0.title == title })
        guard case .perform(let handler) = item.action else {
            Issue.record("\(title) is the engine's")
            return
        }
        handler()
    }
}

/// Records the pop-ups a tab's page was refused.
@MainActor
final class PopupRecorder: WebStateObserver {
    var blocked: [URL?] = []
    func popupBlocked(_ webState: WebState, url: URL?) { blocked.append(url) }
}
