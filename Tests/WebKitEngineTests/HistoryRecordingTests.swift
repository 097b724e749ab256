import Base
import Foundation
import History
import LocalHTTPServer
import Web
import XCTest

/// What a WebKit tab records in the history (``HistoryTabHelper``): its visits with the
/// transitions WebKit's navigations carry, redirect hops hidden.
final class HistoryRecordingTests: WebKitTestCase, @unchecked Sendable {
    func testATypedLoadALinkAndARedirectChainAreRecorded() {
        onMainActor {
            server.route("/start", .page(title: "Start", body: #"<a id="l" href="/r1">r</a>"#))
            server.route("/r1", .redirect(to: "/r2"))
            server.route("/r2", .redirect(to: "/a"))
            let service = HistoryService(path: nil, clock: ManualTimerClock())
            defer { service.shutdown() }
            let webState = WebState(params: .init(context: makePersistentContext()))
            defer { webState.close() }
            HistoryTabHelper.attach(to: webState, service: service)
            webState.load(server.url("/start"), transition: PageTransition.typed.adding(.fromAddressBar))
            wait("/start") { webState.title == "Start" && !webState.isLoading }
            webState.evaluateJavaScript("document.getElementById('l').click()") { _ in }
            wait("/a") { webState.title == "Page A" && !webState.isLoading }

            var entries: [HistoryEntry]?
            var rows: [URLRow]?
            Task { @MainActor in
                entries = await service.queryHistory("", options: HistoryQueryOptions())
                rows = await service.queryMostVisitedURLs(count: 10)
            }
            wait("the history") { entries != nil && rows != nil }
            // Newest first; the hops /r1 and /r2 are hidden.
            XCTAssertEqual(
                entries?.map { "\($0.url.path) \($0.transition.core) \($0.title)" },
                ["/a link Page A", "/start typed Start"])
            XCTAssertEqual(entries?.first?.transition.has(.chainEnd), true)
            XCTAssertEqual(Set(rows?.map(\.url.path) ?? []), ["/a", "/start"])
            XCTAssertEqual(rows?.first { $0.url.path == "/start" }?.typedCount, 1)
        }
    }
}
