import Base
import Foundation
import TestSupport
import Testing
import Web
import WebTestSupport

@MainActor @Suite struct ScriptCommandTests {
    let fixture = WebFixture()

    @Test func commandsAreRoutedByPrefix() throws {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        var find: [String] = []
        var form: [String] = []
        var findAgain: [String] = []
        let findSubscription = webState.addScriptCommandCallback(prefix: "find") { find.append($0.name) }
        let formSubscription = webState.addScriptCommandCallback(prefix: "form") { form.append($0.name) }
        let secondFind = webState.addScriptCommandCallback(prefix: "find") { findAgain.append($0.body) }
        let content = try fakeContent(of: webState)

        content.simulateScriptCommand(ScriptCommand(name: "find.result", body: "{\"count\":2}"))
        content.simulateScriptCommand(ScriptCommand(name: "form.submit", body: "{}"))
        content.simulateScriptCommand(ScriptCommand(name: "finder.result", body: "{}"))
        content.simulateScriptCommand(ScriptCommand(name: "other.find", body: "{}"))

        #expect(find == ["find.result"])
        #expect(form == ["form.submit"])
        #expect(findAgain == ["{\"count\":2}"], "every callback for the prefix gets the command")
        withExtendedLifetime((findSubscription, formSubscription, secondFind)) {}
    }

    @Test func callbacksReceiveTheWholeCommand() throws {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        var received: [ScriptCommand] = []
        let subscription = webState.addScriptCommandCallback(prefix: "frame") { received.append($0) }
        let command = ScriptCommand(
            name: "frame.loaded", body: "[1]", pageURL: url("https://a.example/"), isMainFrame: false)

        try fakeContent(of: webState).simulateScriptCommand(command)

        #expect(received == [command])
        withExtendedLifetime(subscription) {}
    }

    @Test func cancelStopsDelivery() throws {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        var count = 0
        let subscription = webState.addScriptCommandCallback(prefix: "p") { _ in count += 1 }
        let content = try fakeContent(of: webState)

        content.simulateScriptCommand(ScriptCommand(name: "p.a", body: ""))
        subscription.cancel()
        content.simulateScriptCommand(ScriptCommand(name: "p.a", body: ""))
        subscription.cancel()  // Cancelling twice is harmless.

        #expect(count == 1)
    }

    @Test func releasingTheSubscriptionStopsDelivery() throws {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        var count = 0
        var subscription: ScriptCommandSubscription? = webState.addScriptCommandCallback(prefix: "p") { _ in
            count += 1
        }
        let content = try fakeContent(of: webState)

        content.simulateScriptCommand(ScriptCommand(name: "p.a", body: ""))
        #expect(subscription != nil)
        subscription = nil
        content.simulateScriptCommand(ScriptCommand(name: "p.a", body: ""))

        #expect(count == 1)
    }

    @Test func cancellingOneCallbackKeepsTheOthers() throws {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        var first = 0
        var second = 0
        let one = webState.addScriptCommandCallback(prefix: "p") { _ in first += 1 }
        let two = webState.addScriptCommandCallback(prefix: "p") { _ in second += 1 }
        one.cancel()

        try fakeContent(of: webState).simulateScriptCommand(ScriptCommand(name: "p.x", body: ""))

        #expect(first == 0)
        #expect(second == 1)
        withExtendedLifetime(two) {}
    }

    @Test func subscriptionOutlivingTheWebStateIsHarmless() {
        var subscription: ScriptCommandSubscription?
        do {
            let webState = fixture.makeWebState()
            subscription = webState.addScriptCommandCallback(prefix: "p") { _ in }
            webState.close()
        }
        subscription?.cancel()
        subscription = nil
    }

    @Test func prefixWithADotFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let engine = FakeWebEngine()
                let webState = WebState(params: .init(context: engine.defaultContext))
                _ = webState.addScriptCommandCallback(prefix: "a.b") { _ in }
            }
        }.expectPreconditionMessage("WebState: bad script command prefix 'a.b'")
    }
}

@MainActor @Suite struct JavaScriptTests {
    let fixture = WebFixture()

    private func evaluate(
        _ script: String, in webState: WebState
    ) -> Result<JavaScriptValue, JavaScriptError>? {
        var result: Result<JavaScriptValue, JavaScriptError>?
        webState.evaluateJavaScript(script) { result = $0 }
        return result
    }

    @Test(arguments: [
        ("1 + 1", JavaScriptValue.number(2)),
        ("navigator.onLine", .bool(true)),
        ("[1, 'a']", .array([.number(1), .string("a")])),
        ("({k: null})", .object(["k": .null])),
    ])
    func configuredResultsAreReturned(_ script: String, _ value: JavaScriptValue) {
        fixture.engine.scriptResults[script] = .success(value)
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        #expect(evaluate(script, in: webState) == .success(value))
    }

    @Test func configuredErrorsAreReturned() {
        let error = JavaScriptError(message: "TypeError: x is undefined")
        fixture.engine.scriptResults["x.y"] = .failure(error)
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        #expect(evaluate("x.y", in: webState) == .failure(error))
    }

    @Test func documentTitleAnswersTheCurrentTitle() throws {
        fixture.engine.setPage(url("https://a.example/"), .init(title: "Hello"))
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        #expect(evaluate("document.title", in: webState) == .success(.string("Hello")))
        try fakeContent(of: webState).simulateTitleChange("Changed")
        #expect(evaluate("document.title", in: webState) == .success(.string("Changed")))
    }

    @Test func unknownScriptsFail() {
        let webState = fixture.makeWebState()
        guard case .failure(let error) = evaluate("nothing()", in: webState) else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.message.contains("nothing()"))
    }

    @Test func scriptTitleChangeIsReportedToObservers() throws {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        let recorder = WebStateEventRecorder(observing: [webState])
        try fakeContent(of: webState).simulateTitleChange("By script")
        #expect(recorder.events == ["titleWasSet(By script)"])
        #expect(webState.title == "By script")
    }
}

@MainActor @Suite struct FindInPageTests {
    let fixture = WebFixture()
    private let keeper = WebStateKeeper()

    private func makeController(text: String) throws -> FakeFindInPageController {
        fixture.engine.setPage(url("https://a.example/"), .init(title: "Text", text: text))
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        keeper.webStates.append(webState)
        return try #require(webState.makeFindInPageController() as? FakeFindInPageController)
    }

    private func find(
        _ text: String, _ options: FindOptions = [], in controller: FakeFindInPageController
    ) -> Int? {
        var count: Int?
        controller.find(text, options: options) { count = $0 }
        return count
    }

    @Test(arguments: [
        ("apple", FindOptions(), 3),
        ("apple", FindOptions.caseSensitive, 1),
        ("APPLE", FindOptions.caseSensitive, 1),
        ("pie", FindOptions(), 1),
        ("pear", FindOptions(), 0),
        ("", FindOptions(), 0),
        ("aa", FindOptions(), 0),
    ])
    func countsMatches(_ text: String, _ options: FindOptions, _ expected: Int) throws {
        let controller = try makeController(text: "Apple apple APPLE pie")
        #expect(find(text, options, in: controller) == expected)
        #expect(controller.matchCount == expected)
        #expect(controller.selectedIndex == (expected > 0 ? 0 : -1))
    }

    @Test func countsNonOverlappingMatches() throws {
        let controller = try makeController(text: "aaaa")
        #expect(find("aa", in: controller) == 2)
    }

    @Test func nextAndPreviousWrapAround() throws {
        let controller = try makeController(text: "x x x")
        #expect(find("x", in: controller) == 3)

        controller.findNext()
        #expect(controller.selectedIndex == 1)
        controller.findNext()
        #expect(controller.selectedIndex == 2)
        controller.findNext()
        #expect(controller.selectedIndex == 0)
        controller.findPrevious()
        #expect(controller.selectedIndex == 2)
        controller.findPrevious()
        #expect(controller.selectedIndex == 1)
    }

    @Test func nextWithoutMatchesDoesNothing() throws {
        let controller = try makeController(text: "abc")
        #expect(find("z", in: controller) == 0)
        controller.findNext()
        controller.findPrevious()
        #expect(controller.selectedIndex == -1)
    }

    @Test func dismissClearsTheSearch() throws {
        let controller = try makeController(text: "x x")
        _ = find("x", in: controller)
        controller.findNext()
        controller.dismiss()
        #expect(controller.matchCount == 0)
        #expect(controller.selectedIndex == -1)
        controller.findNext()
        #expect(controller.selectedIndex == -1)
    }

    @Test func searchesTheCommittedPage() throws {
        fixture.engine.setPage(url("https://a.example/1"), .init(title: "1", text: "one"))
        fixture.engine.setPage(url("https://a.example/2"), .init(title: "2", text: "two two"))
        let webState = fixture.makeWebState(loading: [url("https://a.example/1"), url("https://a.example/2")])
        let controller = try #require(webState.makeFindInPageController() as? FakeFindInPageController)
        #expect(find("two", in: controller) == 2)
        webState.navigationManager.goBack()
        #expect(find("two", in: controller) == 0)
        #expect(find("one", in: controller) == 1)
    }
}

/// Keeps WebStates alive for the duration of a test.
@MainActor
final class WebStateKeeper {
    var webStates: [WebState] = []
}

@MainActor @Suite struct SeedStyleTabHelperTests {
    let fixture = WebFixture()

    @Test func controllerOutlivingItsWebStateFindsNothing() throws {
        fixture.engine.setPage(url("https://a.example/"), .init(title: "T", text: "x x"))
        var webState: WebState? = fixture.makeWebState(loading: [url("https://a.example/")])
        let controller = try #require(webState?.makeFindInPageController())
        webState?.close()
        webState = nil

        var count: Int?
        controller.find("x", options: []) { count = $0 }
        #expect(count == 0)
        controller.findNext()
        controller.dismiss()
    }

    /// The seed's SeedStyleFindTabHelper: attached to an unrealized WebState, it waits for
    /// `webStateRealized` to make its controller, and never realizes the WebState itself.
    @Test func helperDefersItsControllerUntilRealization() throws {
        fixture.engine.setPage(url("https://b.example/two"), .init(title: "Two", text: "needle hay needle"))
        let webState = fixture.makeUnrealized(spy: LoaderSpy(storage: sampleStorage))
        let helper = SeedStyleFindTabHelper.attach(to: webState)
        #expect(!webState.isRealized)
        #expect(!helper.canFindInPage)
        #expect(helper.find("needle") == nil)

        webState.wasShown()

        #expect(helper.canFindInPage)
        #expect(helper.find("needle") == 2)
        #expect(helper.pageLoadsSeen == 1, "the helper saw the restored page load")
    }

    @Test func helperOnARealizedWebStateStartsAtOnce() throws {
        fixture.engine.setPage(url("https://a.example/"), .init(title: "A", text: "needle"))
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        let helper = SeedStyleFindTabHelper.attach(to: webState)
        #expect(helper.canFindInPage)
        #expect(helper.find("needle") == 1)
    }
}

/// A tab helper in the style of the seed's SeedStyleFindTabHelper.
@MainActor
final class SeedStyleFindTabHelper: WebStateObserver {
    private var controller: (any FindInPageController)?
    private(set) var pageLoadsSeen = 0

    static func attach(to webState: WebState) -> SeedStyleFindTabHelper {
        webState.userData.getOrCreate(UserDataKey<SeedStyleFindTabHelper>()) {
            SeedStyleFindTabHelper(webState: webState)
        }
    }

    private init(webState: WebState) {
        webState.addObserver(self)
        if webState.isRealized { controller = webState.makeFindInPageController() }
    }

    var canFindInPage: Bool { controller != nil }

    func find(_ text: String) -> Int? {
        var result: Int?
        controller?.find(text, options: []) { result = $0 }
        return result
    }

    func webStateRealized(_ webState: WebState) {
        precondition(controller == nil)
        controller = webState.makeFindInPageController()
    }

    func pageLoaded(_ webState: WebState, status: PageLoadCompletionStatus) {
        if controller != nil { pageLoadsSeen += 1 }
    }
}

@MainActor @Suite struct CrashAndVisibilityTests {
    let fixture = WebFixture()

    @Test func renderProcessGoneMarksTheTabCrashedUntilReloaded() throws {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        let recorder = WebStateEventRecorder(observing: [webState])
        let content = try fakeContent(of: webState)

        content.simulateRenderProcessGone()
        #expect(recorder.events == ["renderProcessGone"])
        #expect(webState.isCrashed)
        #expect(!webState.isLoading)

        recorder.reset()
        webState.reload()
        #expect(!webState.isCrashed)
        #expect(recorder.events.first == "didStartLoading")
        #expect(recorder.events.last == "pageLoaded(success)")
        #expect(content.loadedURLs == [url("https://a.example/"), url("https://a.example/")])
        #expect(webState.navigationItemCount == 1)
    }

    @Test func wasShownRealizesUpdatesTheActiveTimeAndNotifiesOnce() throws {
        let webState = fixture.makeUnrealized(spy: LoaderSpy(storage: sampleStorage))
        let recorder = WebStateEventRecorder(observing: [webState])
        let before = Date()

        webState.wasShown()
        let shownAt = webState.lastActiveTime
        webState.wasShown()

        #expect(webState.isVisible)
        #expect(shownAt >= before)
        #expect(webState.lastActiveTime == shownAt, "showing a visible tab again changes nothing")
        #expect(recorder.count("wasShown") == 1)
        #expect(try fakeContent(of: webState).isShown)
    }

    @Test func wasHiddenNotifiesOnlyWhenVisible() throws {
        let webState = fixture.makeWebState()
        let recorder = WebStateEventRecorder(observing: [webState])

        webState.wasHidden()
        #expect(recorder.events.isEmpty, "a tab that is not shown cannot be hidden")

        webState.wasShown()
        webState.wasHidden()
        webState.wasHidden()
        #expect(recorder.events == ["wasShown", "wasHidden"])
        #expect(!webState.isVisible)
        #expect(try !fakeContent(of: webState).isShown)
    }

    @Test func hidingAnUnrealizedWebStateSendsNothing() {
        let webState = fixture.makeUnrealized(spy: LoaderSpy(storage: sampleStorage))
        let recorder = WebStateEventRecorder(observing: [webState])
        webState.wasHidden()
        #expect(recorder.events.isEmpty)
        #expect(!webState.isRealized)
    }
}

/// Records what a WebState asks its delegate.
@MainActor
private final class CloseRequestRecorder: WebStateDelegate {
    var closeRequests: [WebState] = []
    func createNewWebState(
        for source: WebState, url: URL?, openerURL: URL?, initiatedByUser: Bool
    ) -> WebState? {
        nil
    }
    func closeWebState(_ webState: WebState) { closeRequests.append(webState) }
}

@MainActor @Suite struct CloseRequestTests {
    let fixture = WebFixture()

    @Test func aPageClosingItsWindowAsksTheDelegate() throws {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        let delegate = CloseRequestRecorder()
        webState.delegate = delegate
        try fakeContent(of: webState).simulateCloseRequest()
        #expect(delegate.closeRequests.map(ObjectIdentifier.init) == [ObjectIdentifier(webState)])
        // Asking is all: the tab stays until its owner closes it.
        #expect(!webState.isBeingDestroyed)
        #expect(webState.isRealized)
    }

    @Test func withoutADelegateTheTabStays() throws {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        try fakeContent(of: webState).simulateCloseRequest()
        #expect(!webState.isBeingDestroyed)
    }

    @Test func aDiscardedContentsRequestIsIgnored() throws {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        let delegate = CloseRequestRecorder()
        webState.delegate = delegate
        let old = try fakeContent(of: webState)
        webState.discard()
        // The old content is closed and no longer the WebState's: a late request from it is
        // not the tab's.
        webState.webContentDidRequestClose(old)
        #expect(delegate.closeRequests.isEmpty)
    }
}
