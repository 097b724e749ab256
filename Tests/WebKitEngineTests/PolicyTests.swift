import Foundation
import Web
import WebKitEngine
import WebTestSupport
import XCTest

/// Cancels navigations to paths it is told to block, and remembers what it was asked.
@MainActor
private final class BlockingDecider: WebStatePolicyDecider {
    var blockedPaths: Set<String> = []
    private(set) var asked: [NavigationRequest] = []

    func shouldAllowRequest(_ request: NavigationRequest, in webState: WebState) -> PolicyDecision {
        asked.append(request)
        return blockedPaths.contains(request.url.path) ? .cancel : .allow
    }
}

final class PolicyTests: WebKitTestCase, @unchecked Sendable {
    func testDeciderCancelsANavigation() {
        onMainActor {
            server.route("/blocked", .page(title: "Blocked"))
            server.route("/to-blocked", .redirect(to: "/blocked"))
            let webState = WebState(params: .init(context: makePersistentContext()))
            defer { webState.close() }
            let decider = BlockingDecider()
            decider.blockedPaths = ["/blocked"]
            webState.addPolicyDecider(decider)
            let recorder = WebStateEventRecorder(observing: [webState])
            webState.load(server.url("/a"))
            wait("a") { recorder.count("pageLoaded") == 1 }
            XCTAssertEqual(decider.asked.map(\.url.path), ["/a"])
            XCTAssertTrue(decider.asked[0].isUserInitiated, "loads through the API count as the user's")
            XCTAssertEqual(decider.asked[0].httpMethod, "GET")

            recorder.reset()
            webState.load(server.url("/blocked"))
            wait("the decider to be asked") { decider.asked.count == 2 }
            wait("the cancelled load to settle") {
                !webState.isLoading && webState.visibleURL == server.url("/a")
            }
            XCTAssertEqual(webState.lastCommittedURL, server.url("/a"))
            XCTAssertEqual(webState.navigationManager.itemCount, 1)
            XCTAssertEqual(recorder.count("didStartNavigation"), 0, "\(recorder.events)")

            // A redirect to a blocked URL is cancelled too, and the load ends as cancelled.
            webState.load(server.url("/to-blocked"))
            wait("the cancelled redirect") { recorder.count("pageLoaded") == 1 }
            XCTAssertEqual(recorder.events.last, "pageLoaded(failure)")
            XCTAssertEqual(decider.asked.last?.url.path, "/blocked")
            XCTAssertEqual(server.requestCount("/blocked"), 0)
            XCTAssertEqual(webState.lastCommittedURL, server.url("/a"))

            // Once the decider goes, navigations proceed.
            webState.removePolicyDecider(decider)
            let loaded = recorder.count("pageLoaded")
            webState.load(server.url("/blocked"))
            wait("the allowed load") { recorder.count("pageLoaded") > loaded }
            XCTAssertEqual(webState.lastCommittedURL, server.url("/blocked"))
        }
    }

    func testContentReportsCancelledRedirectAsCancelled() {
        onMainActor {
            server.route("/to-b", .redirect(to: "/b"))
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            log.decide = { $0.url.path == "/b" ? .cancel : .allow }
            load(server.url("/to-b"), in: content, log: log)
            guard case .failure(let error) = log.lastPageLoaded else {
                return XCTFail("expected a cancelled load: \(log.events)")
            }
            XCTAssertEqual(error.kind, .cancelled)
            XCTAssertEqual(log.policyRequests.map(\.url.path), ["/to-b", "/b"])
            XCTAssertNil(content.lastCommittedURL)
            XCTAssertFalse(log.finishedNavigations.contains(where: \.isSameDocument))
        }
    }
}
