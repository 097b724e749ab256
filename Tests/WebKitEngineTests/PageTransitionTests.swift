import Foundation
import LocalHTTPServer
import Web
import WebTestSupport
import XCTest

/// How WebKit's navigations are marked (``NavigationContext/pageTransition``,
/// ``NavigationContext/redirectChain``): from the API's call, else from WebKit's navigation
/// action type (a link clicked, a form submitted), server redirects added on the way.
final class PageTransitionTests: WebKitTestCase, @unchecked Sendable {
    func testATypedLoadALinkAndAFormAreMarkedAsSuch() {
        onMainActor {
            server.route(
                "/start",
                .page(
                    title: "Start",
                    body:
                        #"<a id="l" href="/a">a</a><form id="f" action="/b"><input name="q" value="x"></form>"#
                ))
            let webState = WebState(params: .init(context: makePersistentContext()))
            defer { webState.close() }
            let recorder = FinishedNavigationRecorder(observing: [webState])
            webState.load(server.url("/start"), transition: PageTransition.typed.adding(.fromAddressBar))
            wait("/start") { recorder.committed.count == 1 && !webState.isLoading }

            webState.evaluateJavaScript("document.getElementById('l').click()") { _ in }
            wait("/a") { recorder.committed.count == 2 && !webState.isLoading }
            webState.navigationManager.goBack()
            wait("back to /start") { recorder.committed.count == 3 && !webState.isLoading }
            webState.evaluateJavaScript("document.getElementById('f').submit()") { _ in }
            wait("/b?q=x") { recorder.committed.count == 4 && !webState.isLoading }

            XCTAssertEqual(
                recorder.transitions, ["typed|fromAddressBar", "link", "link|forwardBack", "formSubmit"])
            XCTAssertEqual(
                recorder.committed.map(\.url),
                [
                    server.url("/start"), server.url("/a"), server.url("/start"),
                    URL(string: server.url("/b").absoluteString + "?q=x")!,
                ])
            XCTAssertEqual(recorder.committed.map(\.isRendererInitiated), [false, true, false, true])
        }
    }

    func testAServerRedirectChainIsGivenWithTheCommittedNavigation() {
        onMainActor {
            server.route("/r1", .redirect(to: "/r2"))
            server.route("/r2", .redirect(to: "/a", status: 301))
            server.route("/links", .page(title: "Links", body: #"<a id="l" href="/r1">r</a>"#))
            let webState = WebState(params: .init(context: makePersistentContext()))
            defer { webState.close() }
            let recorder = FinishedNavigationRecorder(observing: [webState])
            webState.load(server.url("/r1"), transition: .typed)
            wait("/a") { recorder.committed.count == 1 && !webState.isLoading }
            webState.load(server.url("/links"))
            wait("/links") { recorder.committed.count == 2 && !webState.isLoading }
            webState.evaluateJavaScript("document.getElementById('l').click()") { _ in }
            wait("/a again") { recorder.committed.count == 3 && !webState.isLoading }

            let chain = ["/r1", "/r2", "/a"].map { server.url($0) }
            XCTAssertEqual(recorder.committed.map(\.redirectChain), [chain, [server.url("/links")], chain])
            XCTAssertEqual(recorder.transitions, ["typed|serverRedirect", "link", "link|serverRedirect"])
        }
    }

    func testAPageGoingElsewhereByItselfIsAClientRedirect() {
        onMainActor {
            server.route(
                "/refreshing",
                .html(#"<title>Refreshing</title><meta http-equiv="refresh" content="0;url=/a"><p>r</p>"#))
            let webState = WebState(params: .init(context: makePersistentContext()))
            defer { webState.close() }
            let recorder = FinishedNavigationRecorder(observing: [webState])
            webState.load(server.url("/refreshing"), transition: .typed)
            wait("/a") { recorder.committed.count == 2 && !webState.isLoading }
            XCTAssertEqual(recorder.committed.map(\.url), [server.url("/refreshing"), server.url("/a")])
            XCTAssertEqual(recorder.transitions, ["typed", "link|clientRedirect"])
        }
    }
}
