import Foundation
import Web
import WebContentConformance
import WebTestSupport

/// The fake engine under the conformance scenarios: its contents report synchronously, so
/// every step has finished when its call returns; the page's script is simulated.
@MainActor
final class FakeEngineConformanceDriver: WebContentConformanceDriver {
    let engine = FakeWebEngine()
    let origin = URL(string: "http://127.0.0.1:8000")!
    var context: any WebEngineContext { engine.defaultContext }

    init() {
        for page in [ConformancePage.a, .b, .c] {
            engine.setPage(url(of: page), .init(title: page.loadedTitle ?? ""))
        }
        engine.setPage(url(of: .redirecting), .init(title: "", redirect: url(of: .a)))
        engine.setPage(url(of: .missing), .init(title: "Missing", httpStatus: 404))
        engine.setPage(url(of: .looping), .init(title: "", redirect: url(of: .looping)))
        engine.setPage(url(of: .stalled), .init(title: "", stalls: true))
        let unreachable = url(of: .unreachable)
        engine.setPage(
            unreachable,
            .init(
                title: "",
                failure: WebLoadError(kind: .unreachable, message: "Could not connect", url: unreachable)))
    }

    func url(of page: ConformancePage) -> URL {
        page == .unreachable
            ? URL(string: "http://127.0.0.1:9/nowhere")! : origin.appendingPathComponent(page.rawValue)
    }

    func wait(until condition: () -> Bool) -> Bool { condition() }

    func settle() {}

    func setTitleByScript(_ title: String, in webState: WebState) {
        (webState.view.owner as? FakeWebContent)?.simulateTitleChange(title)
    }

    func clickLink(to url: URL, in webState: WebState) {
        (webState.view.owner as? FakeWebContent)?.simulateLinkClick(url: url)
    }

    func submitForm(to url: URL, in webState: WebState) {
        (webState.view.owner as? FakeWebContent)?.simulateFormSubmission(url: url)
    }
}
