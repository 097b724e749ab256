import Foundation
import GLibSupport
import LocalHTTPServer
import Web
import WebContentConformance

/// WebKit under the conformance scenarios: the pages come from a local HTTP server, a step
/// waits by running the main context, the page's script is real.
@MainActor
final class WebKitConformanceDriver: WebContentConformanceDriver {
    let context: any WebEngineContext
    private let server: LocalHTTPServer
    private let unreachablePort = LocalHTTPServer.unusedPort()
    private let timeout: Duration

    var origin: URL { server.baseURL }

    /// A driver serving the pages from `server`, which answers /a, /b and /c with the pages'
    /// titles (``WebKitTestCase``).
    init(context: any WebEngineContext, server: LocalHTTPServer, timeout: Duration) {
        self.context = context
        self.server = server
        self.timeout = timeout
        server.route("/redirecting", .redirect(to: "/a"))
        server.route("/missing", .page(title: "Missing", status: 404))
        server.route("/looping", .redirect(to: "/looping"))
        // Answered only when the server stops.
        server.route("/stalled", .page(title: "Stalled", delay: .seconds(3600)))
    }

    func url(of page: ConformancePage) -> URL {
        page == .unreachable
            ? URL(string: "http://127.0.0.1:\(unreachablePort)/nowhere")! : server.url("/\(page.rawValue)")
    }

    func wait(until condition: () -> Bool) -> Bool { GLibMainLoop.pump(timeout: timeout, until: condition) }

    func settle() { GLibMainLoop.dispatchPending() }

    func setTitleByScript(_ title: String, in webState: WebState) {
        webState.evaluateJavaScript("document.title = '\(title)'") { _ in }
    }

    func clickLink(to url: URL, in webState: WebState) {
        webState.evaluateJavaScript(
            "(() => { const a = document.createElement('a'); a.href = '\(url.absoluteString)';"
                + " document.body.appendChild(a); a.click() })()"
        ) { _ in }
    }

    func submitForm(to url: URL, in webState: WebState) {
        webState.evaluateJavaScript(
            "(() => { const f = document.createElement('form'); f.method = 'post';"
                + " f.action = '\(url.absoluteString)'; document.body.appendChild(f); f.submit() })()"
        ) { _ in }
    }
}
