import Foundation
import ModelTestSupport
import TabModel
import Testing
import Web
import WebTestSupport

@MainActor
private final class PopupRecorder: WebStateObserver {
    var blocked: [URL?] = []
    func popupBlocked(_ webState: WebState, url: URL?) { blocked.append(url) }
}

/// Records the tabs closed (not merely detached) from a list: "index" and "user" when the
/// close is a user action.
@MainActor
private final class ListChangeRecorder: WebStateListObserver {
    var closes: [String] = []
    func webStateListDidChange(_ list: WebStateList, change: WebStateListChange, status: WebStateListStatus) {
        guard case .detach(let detach) = change, detach.isClosing else { return }
        closes.append("\(detach.detachedFromIndex)\(detach.isUserAction ? " user" : "")")
    }
}

/// Windows a page opens: where the new tab goes, its opener, its activation, blocking, and
/// the page closing it.
@MainActor
struct WebStateDelegateBrowserAgentTests {
    let engine = FakeWebEngine()

    /// A browser with tabs named by `names` loading `https://<name>.test/`, the first active.
    private func makeBrowser(_ names: [String], agent: Bool = true) -> Browser {
        let browser = Browser(kind: .regular, profile: TestProfile.make(engine: engine), delegate: nil)
        if agent { WebStateDelegateBrowserAgent.attach(to: browser) }
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

    private func hosts(_ browser: Browser) -> String {
        browser.webStateList.webStates.map {
            $0.lastCommittedURL?.host?.replacingOccurrences(of: ".test", with: "") ?? "?"
        }
        .joined(separator: " ")
    }

    struct PositionCase: CustomTestStringConvertible, Sendable {
        let tabs: [String]
        /// (opener index, new tab name) in order.
        let opens: [(Int, String)]
        let expected: String
        var testDescription: String { "\(opens.map { "\($0.0)->\($0.1)" }) in \(tabs) gives \(expected)" }
    }

    @Test(
        "A new tab goes after its opener and the opener's other children",
        arguments: [
            PositionCase(tabs: ["a", "b", "c"], opens: [(0, "x")], expected: "a x b c"),
            PositionCase(tabs: ["a", "b", "c"], opens: [(0, "x"), (0, "y")], expected: "a x y b c"),
            PositionCase(tabs: ["a", "b", "c"], opens: [(2, "x")], expected: "a b c x"),
            PositionCase(tabs: ["a", "b", "c"], opens: [(1, "x"), (0, "y")], expected: "a y b x c"),
            PositionCase(tabs: ["a"], opens: [(0, "x"), (0, "y"), (0, "z")], expected: "a x y z"),
        ])
    func position(_ testCase: PositionCase) throws {
        let browser = makeBrowser(testCase.tabs)
        for (openerIndex, name) in testCase.opens {
            let opener = browser.webStateList.webStates.first {
                $0.lastCommittedURL == url(testCase.tabs[openerIndex])
            }
            let child = try content(try #require(opener)).simulateNewWindowRequest(
                url: url(name), isUserGesture: true)
            #expect(child != nil)
        }
        #expect(hosts(browser) == testCase.expected)
    }

    @Test func newTabRecordsItsOpenerLoadsTheURLAndIsActivated() throws {
        let browser = makeBrowser(["a", "b"])
        let a = browser.webStateList.webState(at: 0)
        let child = try #require(try content(a).simulateNewWindowRequest(url: url("x"), isUserGesture: true))
        let list = browser.webStateList
        #expect(list.count == 3)
        let x = list.webState(at: 1)
        #expect(list.activeWebState === x)
        #expect(list.opener(at: 1)?.webState === a)
        #expect(x.hasOpener)
        #expect(x.isRealized)
        #expect(x.lastCommittedURL == url("x"))
        #expect(child.relatedContent === (try content(a)))
        #expect(x.delegate === WebStateDelegateBrowserAgent.fromBrowser(browser))
    }

    struct RefusalCase: CustomTestStringConvertible, Sendable {
        let name: String
        let agent: Bool
        let gesture: Bool
        let blocked: Bool
        var testDescription: String { name }
    }

    @Test(
        "Refused windows open no tab",
        arguments: [
            RefusalCase(name: "no user gesture: blocked", agent: true, gesture: false, blocked: true),
            RefusalCase(name: "no delegate", agent: false, gesture: true, blocked: false),
            RefusalCase(
                name: "no delegate, no gesture: blocked", agent: false, gesture: false, blocked: true),
        ])
    func refused(_ testCase: RefusalCase) throws {
        let browser = makeBrowser(["a"], agent: testCase.agent)
        let a = browser.webStateList.webState(at: 0)
        let recorder = PopupRecorder()
        a.addObserver(recorder)
        let contentsBefore = engine.liveContents
        #expect(
            try content(a).simulateNewWindowRequest(url: url("x"), isUserGesture: testCase.gesture) == nil)
        #expect(browser.webStateList.count == 1)
        #expect(browser.webStateList.activeWebState === a)
        #expect(engine.liveContents == contentsBefore)
        #expect(recorder.blocked == (testCase.blocked ? [url("x")] : []))
    }

    @Test func aPageClosingTheWindowItOpenedClosesItsTabThroughTheList() throws {
        let browser = makeBrowser(["a", "b"])
        let list = browser.webStateList
        let a = list.webState(at: 0)
        let child = try #require(try content(a).simulateNewWindowRequest(url: url("x"), isUserGesture: true))
        let x = list.webState(at: 1)
        let observer = ListChangeRecorder()
        list.addObserver(observer)
        child.simulateCloseRequest()
        #expect(hosts(browser) == "a b")
        #expect(x.isBeingDestroyed)
        #expect(child.isClosed)
        // Closed as a tab is: through the list, which activates the opener again.
        #expect(observer.closes == ["1 user"])
        #expect(list.activeWebState === a)
    }

    @Test func aCloseRequestFromATabOutsideTheBrowserChangesNothing() throws {
        let browser = makeBrowser(["a", "b"])
        let b = browser.webStateList.detach(at: 1)
        defer { b.close() }
        let observer = ListChangeRecorder()
        browser.webStateList.addObserver(observer)
        defer { browser.webStateList.removeObserver(observer) }
        // The agent is no longer its delegate; asking the agent directly is refused too.
        try content(b).simulateCloseRequest()
        WebStateDelegateBrowserAgent.fromBrowser(browser)?.closeWebState(b)
        #expect(observer.closes == [], "the browser's list closed nothing")
        #expect(hosts(browser) == "a")
        #expect(!b.isBeingDestroyed)
    }

    @Test func detachedTabLosesTheDelegate() throws {
        let browser = makeBrowser(["a", "b"])
        let b = browser.webStateList.detach(at: 1)
        #expect(b.delegate == nil)
        #expect(try content(b).simulateNewWindowRequest(url: url("x"), isUserGesture: true) == nil)
        #expect(browser.webStateList.count == 1)
        b.close()
    }

    @Test func removingTheAgentClearsTheDelegates() throws {
        let browser = makeBrowser(["a"])
        let a = browser.webStateList.webState(at: 0)
        #expect(a.delegate != nil)
        WebStateDelegateBrowserAgent.removeFromBrowser(browser)
        #expect(a.delegate == nil)
    }
}
