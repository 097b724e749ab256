import Foundation
import Testing
import Web
import WebTestSupport

/// Decisions kept in a dictionary, as a profile's content settings keep them.
@MainActor
final class DictionaryDecisionStore: PermissionDecisionStore {
    var decisions: [String: PermissionDecision] = [:]

    func storedDecision(for kind: PermissionKind, origin: Origin) -> PermissionDecision? {
        decisions["\(origin.displayName) \(kind.rawValue)"]
    }

    func storeDecision(_ decision: PermissionDecision, for kind: PermissionKind, origin: Origin) {
        decisions["\(origin.displayName) \(kind.rawValue)"] = decision
    }
}

/// Counts the tab's permission request changes.
@MainActor
final class PermissionChangeCounter: WebStateObserver {
    var count = 0
    func permissionRequestsChanged(_ webState: WebState) { count += 1 }
}

@MainActor
struct PermissionRequestManagerTests {
    let fixture = WebFixture()
    let store = DictionaryDecisionStore()
    let page = url("http://127.0.0.1:8000/page")
    /// What the page was answered, in order ("allow", "deny").
    @MainActor
    final class Answers {
        var all: [String] = []
        func handler() -> @MainActor (PermissionDecision) -> Void { { self.all.append($0.rawValue) } }
    }

    func makeTab(
        store: (any PermissionDecisionStore)?
    ) -> (WebState, FakeWebContent, PermissionRequestManager) {
        let webState = fixture.makeWebState(loading: [page])
        let manager = PermissionRequestManager.attach(to: webState, store: store)
        return (webState, try! fakeContent(of: webState), manager)
    }

    /// A row: the decisions stored for 127.0.0.1:8000 ("camera=allow"), the kinds the page
    /// asks for, and the answer at once ("prompt": none, the user is asked).
    struct Row: CustomTestStringConvertible, Sendable {
        let stored: [String]
        let kinds: [PermissionKind]
        let answer: String
        var testDescription: String { "\(stored) \(kinds.map(\.rawValue)) -> \(answer)" }
        init(_ stored: [String], _ kinds: [PermissionKind], _ answer: String) {
            self.stored = stored
            self.kinds = kinds
            self.answer = answer
        }
    }

    nonisolated static let policies: [Row] = [
        Row([], [.notifications], "prompt"),
        Row(["notifications=allow"], [.notifications], "allow"),
        Row(["notifications=deny"], [.notifications], "deny"),
        Row(["geolocation=allow"], [.notifications], "prompt"),
        Row(["camera=allow"], [.camera, .microphone], "prompt"),
        Row(["camera=allow", "microphone=allow"], [.camera, .microphone], "allow"),
        Row(["camera=deny"], [.camera, .microphone], "deny"),
        Row([], [.clipboard], "prompt"),
        Row([], [.storageAccess], "prompt"),
        Row([], [.protectedMedia], "prompt"),
        Row([], [.pointerLock], "allow"),
        Row([], [.displayCapture], "deny"),
        Row([], [.installMediaPlugins], "deny"),
        Row([], [.deviceInfo], "deny"),
        Row(["microphone=allow"], [.deviceInfo], "allow"),
        Row(["camera=deny"], [.deviceInfo], "deny"),
    ]

    @Test(arguments: policies) func aRequestIsAnsweredByItsKindsAndTheStoredDecisions(_ row: Row) throws {
        let (webState, content, manager) = makeTab(store: store)
        defer { withExtendedLifetime(webState) {} }
        for entry in row.stored {
            let parts = entry.split(separator: "=").map(String.init)
            store.decisions["127.0.0.1:8000 \(parts[0])"] = PermissionDecision(rawValue: parts[1])
        }
        let answers = Answers()
        content.simulatePermissionRequest(row.kinds, decisionHandler: answers.handler())
        #expect(answers.all == (row.answer == "prompt" ? [] : [row.answer]))
        #expect(manager.currentRequest?.kinds == (row.answer == "prompt" ? row.kinds : nil))
    }

    @Test func theUserAnswersTheOldestRequestFirstAndMayRememberIt() {
        let (webState, content, manager) = makeTab(store: store)
        let counter = PermissionChangeCounter()
        webState.addObserver(counter)
        let answers = Answers()
        content.simulatePermissionRequest([.notifications], decisionHandler: answers.handler())
        content.simulatePermissionRequest([.geolocation], decisionHandler: answers.handler())
        content.simulatePermissionRequest([.notifications], decisionHandler: answers.handler())
        #expect(manager.currentRequest?.message == "127.0.0.1:8000 wants to show notifications")
        #expect(manager.pendingRequestCount == 3)
        #expect(counter.count == 1)

        manager.accept(remember: true)
        // The third request is answered by the decision just kept.
        #expect(answers.all == ["allow", "allow"])
        #expect(manager.currentRequest?.message == "127.0.0.1:8000 wants to know your location")
        #expect(counter.count == 2)

        manager.deny(remember: false)
        #expect(answers.all == ["allow", "allow", "deny"])
        #expect(manager.currentRequest == nil)
        #expect(store.decisions == ["127.0.0.1:8000 notifications": .allow])
    }

    @Test func requestsStillWaitingAreDeniedWhenAnotherPageCommits() {
        let (webState, content, manager) = makeTab(store: store)
        let answers = Answers()
        content.simulatePermissionRequest([.camera, .microphone], decisionHandler: answers.handler())
        #expect(
            manager.currentRequest?.message
                == "127.0.0.1:8000 wants to use your camera and use your microphone")
        #expect(answers.all == [])
        webState.load(url("http://127.0.0.1:8000/other"))
        #expect(answers.all == ["deny"])
        #expect(manager.currentRequest == nil)
    }

    @Test func requestsStillWaitingAreDeniedWhenTheTabCloses() {
        let (webState, content, _) = makeTab(store: store)
        let answers = Answers()
        content.simulatePermissionRequest([.geolocation], decisionHandler: answers.handler())
        webState.close()
        #expect(answers.all == ["deny"])
    }

    @Test func requestsStillWaitingAreDeniedWhenTheTabIsDiscarded() {
        let (webState, content, _) = makeTab(store: store)
        let answers = Answers()
        content.simulatePermissionRequest([.geolocation], decisionHandler: answers.handler())
        webState.discard()
        #expect(answers.all == ["deny"])
    }

    @Test func aPageWithoutAnOriginOrATabWithoutAManagerIsDenied() throws {
        let answers = Answers()
        let bare = fixture.makeWebState(loading: [page])
        try fakeContent(of: bare).simulatePermissionRequest(
            [.notifications], decisionHandler: answers.handler())
        let local = fixture.makeWebState(loading: [url("file:///tmp/page.html")])
        PermissionRequestManager.attach(to: local, store: store)
        try fakeContent(of: local).simulatePermissionRequest(
            [.notifications], decisionHandler: answers.handler())
        #expect(answers.all == ["deny", "deny"])
    }

    @Test func withoutAStoreEveryPromptIsAskedAndNothingKept() {
        let (webState, content, manager) = makeTab(store: nil)
        defer { withExtendedLifetime(webState) {} }
        let answers = Answers()
        content.simulatePermissionRequest([.notifications], decisionHandler: answers.handler())
        manager.accept(remember: true)
        content.simulatePermissionRequest([.notifications], decisionHandler: answers.handler())
        #expect(answers.all == ["allow"])
        #expect(manager.currentRequest != nil)
    }

    /// Origins as content settings key and show them.
    @Test(arguments: [
        ("http://127.0.0.1:8000/a?b", "http://127.0.0.1:8000", "127.0.0.1:8000"),
        ("https://Example.com/", "https://example.com:443", "example.com"),
        ("http://example.com:80/", "http://example.com:80", "example.com"),
        ("http://[::1]:8080/", "http://[::1]:8080", "[::1]:8080"),
    ])
    func originsAreSerializedWithTheirPort(
        _ string: String, _ serialized: String, _ displayName: String
    ) throws {
        let origin = try #require(Origin(url: url(string)))
        #expect(origin.serialized == serialized)
        #expect(origin.displayName == displayName)
        #expect(Origin(serialized: serialized) == origin)
    }

    @Test(arguments: ["file:///tmp/a", "about:blank", "data:text/plain,a"])
    func pagesOtherThanHTTPHaveNoOrigin(_ string: String) {
        #expect(Origin(url: url(string)) == nil)
    }
}
