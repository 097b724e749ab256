import Foundation
import ModelTestSupport
import TabModel
import Testing
import Web
import WebTestSupport

@MainActor
private final class RecordingWindowOpener: BrowserWindowOpener {
    var opened: [(URL, Browser)] = []
    func openNewWindow(loading url: URL, from browser: Browser) { opened.append((url, browser)) }
}

@MainActor
private final class PopupRecorder: WebStateObserver {
    var blocked: [URL?] = []
    func popupBlocked(_ webState: WebState, url: URL?) { blocked.append(url) }
}

/// Links the user opens out of a tab (middle button, Ctrl, Shift): where the new tab goes,
/// whether it is activated, and new windows.
@MainActor
struct WebStateDelegateBrowserAgentOpenURLTests {
    let engine = FakeWebEngine()

    /// A browser with tabs named by `names` loading `https://<name>.test/`, the first active.
    private func makeBrowser(_ names: [String]) -> Browser {
        let browser = Browser(kind: .regular, profile: TestProfile.make(engine: engine), delegate: nil)
        WebStateDelegateBrowserAgent.attach(to: browser)
        for name in names {
            let tab = WebState(params: .init(context: browser.profile.webEngineContext))
            tab.load(url(name))
            browser.webStateList.insert(tab)
        }
        browser.webStateList.activate(at: 0)
        return browser
    }

    private func url(_ name: String) -> URL { URL(string: "https://\(name).test/")! }

    private func content(_ webState: WebState) throws -> FakeWebContent {
        try #require(webState.view.owner as? FakeWebContent)
    }

    /// The tabs by host, the active one marked `*`.
    private func hosts(_ browser: Browser) -> String {
        let list = browser.webStateList
        return list.webStates.map {
            ($0.lastCommittedURL?.host?.replacingOccurrences(of: ".test", with: "") ?? "?")
                + ($0 === list.activeWebState ? "*" : "")
        }
        .joined(separator: " ")
    }

    struct ClickCase: CustomTestStringConvertible, Sendable {
        let tabs: [String]
        /// (opener index in `tabs`, new tab name, disposition) in order.
        let clicks: [(Int, String, WindowOpenDisposition)]
        let expected: String
        var testDescription: String {
            "\(clicks.map { "\($0.0)->\($0.1) \($0.2)" }) in \(tabs) gives \(expected)"
        }
    }

    @Test(
        "A link opened in a tab goes after its opener, activated in the foreground only",
        arguments: [
            ClickCase(tabs: ["a", "b"], clicks: [(0, "x", .newBackgroundTab)], expected: "a* x b"),
            ClickCase(
                tabs: ["a", "b"], clicks: [(0, "x", .newBackgroundTab), (0, "y", .newBackgroundTab)],
                expected: "a* x y b"),
            ClickCase(tabs: ["a", "b"], clicks: [(0, "x", .newForegroundTab)], expected: "a x* b"),
            ClickCase(tabs: ["a", "b", "c"], clicks: [(2, "x", .newBackgroundTab)], expected: "a* b c x"),
            ClickCase(tabs: ["a", "b"], clicks: [(0, "x", .currentTab)], expected: "x* b"),
        ])
    func linkClick(_ testCase: ClickCase) throws {
        let browser = makeBrowser(testCase.tabs)
        for (openerIndex, name, disposition) in testCase.clicks {
            let opener = try #require(
                browser.webStateList.webStates.first {
                    $0.lastCommittedURL == url(testCase.tabs[openerIndex])
                })
            try content(opener).simulateLinkClick(url: url(name), disposition: disposition)
        }
        #expect(hosts(browser) == testCase.expected)
    }

    @Test func aBackgroundTabRecordsItsOpenerAndLoadsWhileTheOpenerKeepsItsPage() throws {
        let browser = makeBrowser(["a"])
        let list = browser.webStateList
        let a = list.webState(at: 0)
        let popups = PopupRecorder()
        a.addObserver(popups)
        defer { a.removeObserver(popups) }

        try content(a).simulateLinkClick(url: url("x"), disposition: .newBackgroundTab)

        #expect(list.count == 2)
        let x = list.webState(at: 1)
        #expect(list.opener(at: 1)?.webState === a)
        #expect(x.hasOpener)
        #expect(x.lastCommittedURL == url("x"))
        #expect(try content(x).relatedContent == nil, "the page gets no window.opener")
        #expect(a.lastCommittedURL == url("a"))
        #expect(popups.blocked.isEmpty, "a user's click is never a blocked pop-up")
        #expect(x.delegate === WebStateDelegateBrowserAgent.fromBrowser(browser))
    }

    @Test func aLinkOpenedInANewWindowGoesToTheWindowOpener() throws {
        let browser = makeBrowser(["a", "b"])
        let opener = RecordingWindowOpener()
        try #require(WebStateDelegateBrowserAgent.fromBrowser(browser)).windowOpener = opener

        try content(browser.webStateList.webState(at: 0)).simulateLinkClick(
            url: url("x"), disposition: .newWindow)

        #expect(opener.opened.map(\.0) == [url("x")])
        #expect(opener.opened.first?.1 === browser)
        #expect(hosts(browser) == "a* b", "the window's tabs do not change")
    }

    @Test func aLinkOpenedInANewWindowWithoutAWindowOpenerOpensNothing() throws {
        let browser = makeBrowser(["a"])
        try content(browser.webStateList.webState(at: 0)).simulateLinkClick(
            url: url("x"), disposition: .newWindow)
        #expect(hosts(browser) == "a*")
    }

    @Test func aTabOutsideTheBrowserOpensNothingInIt() throws {
        let browser = makeBrowser(["a", "b"])
        let b = browser.webStateList.detach(at: 1)
        defer { b.close() }
        let agent = try #require(WebStateDelegateBrowserAgent.fromBrowser(browser))
        #expect(agent.openURL(from: b, params: .init(url: url("x"), disposition: .newBackgroundTab)) == nil)
        try content(b).simulateLinkClick(url: url("x"), disposition: .newBackgroundTab)
        #expect(hosts(browser) == "a*")
    }
}
