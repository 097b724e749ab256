import CWebKitGTK
import Foundation
import Web
@_spi(Testing) import WebKitEngine
import WebTestSupport
import XCTest

/// Makes the new WebStates a page asks for, and remembers them.
@MainActor
private final class NewWindowDelegate: WebStateDelegate {
    private(set) var requests: [(url: URL?, openerURL: URL?)] = []
    private(set) var created: [WebState] = []

    func createNewWebState(
        for source: WebState, url: URL?, openerURL: URL?, initiatedByUser: Bool
    ) -> WebState? {
        requests.append((url, openerURL))
        let child = WebState(params: .init(context: source.context, opener: source))
        created.append(child)
        return child
    }
}

@MainActor
private final class PopupRecorder: WebStateObserver {
    private(set) var blocked: [URL?] = []
    func popupBlocked(_ webState: WebState, url: URL?) { blocked.append(url) }
}

/// Windows a page opens: WebKit's "create" through the WebState's delegate.
final class NewWindowTests: WebKitTestCase, @unchecked Sendable {
    /// A WebState with `delegate`, showing `path` (loaded).
    @MainActor
    private func makeOpener(
        _ path: String, delegate: NewWindowDelegate, popups: PopupRecorder
    ) -> (WebState, WebStateEventRecorder) {
        let webState = WebState(params: .init(context: makePersistentContext()))
        webState.delegate = delegate
        webState.addObserver(popups)
        let recorder = WebStateEventRecorder(observing: [webState])
        webState.load(server.url(path))
        wait(path) { recorder.count("pageLoaded") == 1 }
        return (webState, recorder)
    }

    /// Evaluates `script` in `webState` and waits for its result.
    @MainActor
    private func evaluate(
        _ script: String, in webState: WebState
    ) -> Result<JavaScriptValue, JavaScriptError>? {
        var result: Result<JavaScriptValue, JavaScriptError>?
        webState.evaluateJavaScript(script) { result = $0 }
        wait("JavaScript \(script)") { result != nil }
        return result
    }

    /// The GObject reference count of `pointer`.
    private func referenceCount(_ pointer: UnsafeMutableRawPointer?) -> UInt32? {
        pointer?.assumingMemoryBound(to: GObject.self).pointee.ref_count
    }

    func testTargetBlankLinkClickedByScriptOpensARelatedWebState() {
        onMainActor {
            server.route(
                "/links", .page(title: "Links", body: #"<a id="l" target="_blank" href="/b">b</a>"#))
            let delegate = NewWindowDelegate()
            let popups = PopupRecorder()
            let (opener, _) = makeOpener("/links", delegate: delegate, popups: popups)
            defer { opener.close() }
            // Script run through webkit_web_view_evaluate_javascript counts as a user gesture
            // in WebKitGTK, and so does a synthetic click() it makes.
            _ = evaluate("document.getElementById('l').click()", in: opener)
            wait("the new window") { !delegate.created.isEmpty || !popups.blocked.isEmpty }
            XCTAssertEqual(popups.blocked, [])
            XCTAssertEqual(delegate.requests.map(\.url?.path), ["/b"])
            XCTAssertEqual(delegate.requests.first?.openerURL, server.url("/links"))
            guard let child = delegate.created.first else { return XCTFail("no new WebState") }
            defer { child.close() }
            XCTAssertTrue(child.hasOpener)
            wait("the new window's load") { child.lastCommittedURL == server.url("/b") && !child.isLoading }
            // WebKit can report the title after the load finished (WebKitWebContent says so).
            wait("the new window's title") { child.title == "Page B" }
        }
    }

    func testWindowOpenFromScriptOpensARelatedWebState() {
        onMainActor {
            let delegate = NewWindowDelegate()
            let popups = PopupRecorder()
            let (opener, _) = makeOpener("/a", delegate: delegate, popups: popups)
            defer { opener.close() }
            _ = evaluate("window.open('/c'); true", in: opener)
            wait("the new window") { !delegate.created.isEmpty || !popups.blocked.isEmpty }
            XCTAssertEqual(popups.blocked, [])
            guard let child = delegate.created.first else { return XCTFail("no new WebState") }
            defer { child.close() }
            wait("the new window's load") { child.lastCommittedURL == server.url("/c") && !child.isLoading }
            // WebKit keeps no reference of its own to the view "create" returned: the child's
            // view is held as the opener's is, and goes when the WebState closes.
            XCTAssertEqual(referenceCount(child.view.pointer), referenceCount(opener.view.pointer))
            // Related views share the page's browsing context group: the child sees its opener.
            guard case .success(let value)? = evaluate("window.opener !== null", in: child)
            else { return XCTFail("evaluation failed") }
            XCTAssertEqual(value, .bool(true))
        }
    }

    func testWindowOpenWithoutUserGestureIsBlockedAndReported() {
        onMainActor {
            server.route("/auto", .page(title: "Auto", body: "<script>window.open('/c')</script><p>auto</p>"))
            let delegate = NewWindowDelegate()
            let popups = PopupRecorder()
            let liveBefore = engine.liveWebViews
            // window.open is synchronous in the page: by the time the page has loaded, WebKit
            // has asked ("create", without a user gesture) and the WebState has refused.
            let (opener, _) = makeOpener("/auto", delegate: delegate, popups: popups)
            defer { opener.close() }
            XCTAssertEqual(popups.blocked, [server.url("/c")])
            XCTAssertEqual(delegate.created.count, 0)
            XCTAssertEqual(engine.liveWebViews, liveBefore + 1)
            XCTAssertEqual(server.requestCount("/c"), 0)
        }
    }

    func testOnlyTheWindowOpenedFromAClickIsAllowed() {
        onMainActor {
            // A page that opens a window as it loads, once more from a timer, and from its
            // button's click handler.
            server.route(
                "/popups",
                .page(
                    title: "Popups",
                    body: """
                        <button id="open" onclick="window.open('/c')">Open</button>
                        <script>
                        window.open('/a');
                        setTimeout(() => { window.open('/b'); document.title = 'Timer ran'; }, 0);
                        </script>
                        """))
            let delegate = NewWindowDelegate()
            let popups = PopupRecorder()
            let (opener, _) = makeOpener("/popups", delegate: delegate, popups: popups)
            defer { opener.close() }
            wait("the timer") { opener.title == "Timer ran" }
            XCTAssertEqual(popups.blocked, [server.url("/a"), server.url("/b")])
            XCTAssertTrue(delegate.created.isEmpty)
            // A click: script run by the engine is a user gesture, and so is the click() it
            // sends to the button, whose handler then opens the window.
            _ = evaluate("document.getElementById('open').click(); true", in: opener)
            wait("the new window") { !delegate.created.isEmpty }
            XCTAssertEqual(delegate.requests.map(\.url), [server.url("/c")])
            XCTAssertEqual(popups.blocked.count, 2, "the click's window is not blocked")
            guard let child = delegate.created.first else { return }
            defer { child.close() }
            wait("the new window's load") { child.lastCommittedURL == server.url("/c") && !child.isLoading }
            XCTAssertEqual(server.requestCount("/a"), 0, "a blocked window loads nothing")
            XCTAssertEqual(server.requestCount("/b"), 0)
        }
    }
}
