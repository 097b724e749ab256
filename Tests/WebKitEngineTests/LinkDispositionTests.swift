import Foundation
import Web
import WebTestSupport
import XCTest

/// Records what a tab asks to open elsewhere.
@MainActor
private final class OpenURLDelegate: WebStateDelegate {
    private(set) var opened: [WebState.OpenURLParams] = []

    func createNewWebState(
        for source: WebState, url: URL?, openerURL: URL?, initiatedByUser: Bool
    ) -> WebState? { nil }

    func openURL(from source: WebState, params: WebState.OpenURLParams) -> WebState? {
        opened.append(params)
        return nil
    }
}

/// Links and the click behind them. WebKit gives a navigation action the button and
/// modifiers of a real click only: a page's synthetic click (`dispatchEvent`) carries none,
/// so a page cannot open background tabs by faking a middle click. The real clicks are the
/// end-to-end tests' (`LinkTests`).
final class LinkDispositionTests: WebKitTestCase, @unchecked Sendable {
    func testAPageFakingAModifiedClickLoadsTheLinkInItsOwnTab() {
        onMainActor {
            server.route("/links", .page(title: "Links", body: #"<a id="l" href="/b">b</a>"#))
            server.route("/b", .page(title: "B", body: "b"))
            let webState = WebState(params: .init(context: makePersistentContext()))
            defer { webState.close() }
            let delegate = OpenURLDelegate()
            webState.delegate = delegate
            let recorder = WebStateEventRecorder(observing: [webState])
            webState.load(server.url("/links"))
            wait("/links") { recorder.count("pageLoaded") == 1 }

            webState.evaluateJavaScript(
                "document.getElementById('l').dispatchEvent(new MouseEvent('click', "
                    + "{bubbles: true, cancelable: true, button: 1, ctrlKey: true, shiftKey: true}))"
            ) { _ in }
            wait("/b in the tab") { webState.lastCommittedURL == server.url("/b") && !webState.isLoading }
            XCTAssertEqual(delegate.opened, [])
        }
    }
}
