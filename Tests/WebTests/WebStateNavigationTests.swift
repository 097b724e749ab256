import Foundation
import TestSupport
import Testing
import Web
import WebTestSupport

@MainActor @Suite struct WebStateNavigationTests {
    let fixture = WebFixture()

    @Test func freshLoadReportsEventsInEngineOrder() throws {
        let webState = fixture.makeWebState()
        let recorder = WebStateEventRecorder(observing: [webState])
        fixture.engine.setPage(
            url("https://a.example/start"), .init(title: "Start", favicon: Data("icon".utf8)))

        webState.load(url("https://a.example/start"))

        #expect(
            recorder.events == [
                "didStartLoading",
                "didStartNavigation(https://a.example/start)",
                "loadProgressChanged(0.1)",
                "didFinishNavigation(https://a.example/start committed)",
                "didChangeVisibleSecurityState",
                "didChangeBackForwardState",
                "titleWasSet(Start)",
                "faviconURLUpdated(https://a.example/favicon.ico)",
                "loadProgressChanged(1.0)",
                "didStopLoading",
                "pageLoaded(success)",
            ])
        #expect(webState.title == "Start")
        #expect(webState.lastCommittedURL == url("https://a.example/start"))
        #expect(webState.visibleURL == url("https://a.example/start"))
        #expect(webState.faviconURL == url("https://a.example/favicon.ico"))
        #expect(webState.loadingProgress == 1)
        #expect(!webState.isLoading)
        #expect(webState.navigationItemCount == 1)
        #expect(try fakeContent(of: webState).loadedURLs == [url("https://a.example/start")])
    }

    @Test func observersSeeTheLoadingStateWhileItChanges() {
        let webState = fixture.makeWebState()
        let probe = LoadingProbe()
        webState.addObserver(probe)
        webState.load(url("https://a.example/"))
        #expect(probe.isLoadingAtStart == true)
        #expect(probe.isLoadingAtStop == false)
    }

    @Test func sameOriginLoadDoesNotRepeatTheFavicon() {
        for page in ["https://a.example/1", "https://a.example/2", "https://b.example/"] {
            fixture.engine.setPage(url(page), .init(title: "", favicon: Data("icon".utf8)))
        }
        let webState = fixture.makeWebState(loading: [url("https://a.example/1")])
        let recorder = WebStateEventRecorder(observing: [webState])
        webState.load(url("https://a.example/2"))
        #expect(recorder.count("faviconURLUpdated") == 0)
        webState.load(url("https://b.example/"))
        #expect(recorder.count("faviconURLUpdated") == 1)
    }

    @Test func redirectCommitsTheFinalURL() throws {
        fixture.engine.setPage(
            url("https://a.example/old"), .init(title: "", redirect: url("https://b.example/new")))
        fixture.engine.setPage(url("https://b.example/new"), .init(title: "New"))
        let webState = fixture.makeWebState()
        let recorder = WebStateEventRecorder(observing: [webState])

        webState.load(url("https://a.example/old"))

        #expect(
            Array(recorder.events.prefix(5)) == [
                "didStartLoading",
                "didStartNavigation(https://a.example/old)",
                "loadProgressChanged(0.1)",
                "didRedirectNavigation(https://b.example/new)",
                "didFinishNavigation(https://b.example/new committed)",
            ])
        #expect(recorder.events.last == "pageLoaded(success)")
        #expect(webState.lastCommittedURL == url("https://b.example/new"))
        #expect(urls(of: webState.navigationManager.history) == [url("https://b.example/new")])
        #expect(webState.title == "New")
        #expect(try fakeContent(of: webState).loadedURLs == [url("https://b.example/new")])
    }

    @Test func aRedirectLoopFailsAndShowsAnErrorPageInItsPlace() {
        fixture.engine.setPage(
            url("https://a.example/"), .init(title: "A", redirect: url("https://b.example/")))
        fixture.engine.setPage(
            url("https://b.example/"), .init(title: "B", redirect: url("https://a.example/")))
        let webState = fixture.makeWebState(loading: [url("https://start.example/")])
        let recorder = WebStateEventRecorder(observing: [webState])

        webState.load(url("https://a.example/"))

        #expect(recorder.events.contains("didFinishNavigation(https://a.example/ error)"))
        #expect(
            recorder.events.suffix(4) == [
                "pageLoaded(failure)", "didChangeVisibleSecurityState", "didChangeBackForwardState",
                "titleWasSet(a.example)",
            ])
        #expect(webState.lastCommittedURL == url("https://a.example/"))
        #expect(webState.navigationItemCount == 2)
    }

    @Test func goingBackToARedirectingEntryCommitsTheFinalURL() throws {
        let webState = fixture.makeWebState(loading: [
            url("https://a.example/moved"), url("https://b.example/"),
        ])
        fixture.engine.setPage(
            url("https://a.example/moved"), .init(title: "", redirect: url("https://a.example/here")))
        fixture.engine.setPage(url("https://a.example/here"), .init(title: "Here"))

        webState.navigationManager.goBack()

        #expect(webState.lastCommittedURL == url("https://a.example/here"))
        #expect(webState.navigationManager.lastCommittedItem?.url == url("https://a.example/here"))
        #expect(webState.title == "Here")
        #expect(try fakeContent(of: webState).loadedURLs.last == url("https://a.example/here"))
    }

    @Test func anUnreachableHostShowsAnErrorPageInItsPlace() throws {
        let failure = WebLoadError(
            kind: .unreachable, message: "cannot connect", url: url("https://down.example/"))
        fixture.engine.setPage(url("https://down.example/"), .init(title: "", failure: failure))
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        let recorder = WebStateEventRecorder(observing: [webState])
        let failures = FailureProbe()
        webState.addObserver(failures)

        webState.load(url("https://down.example/"))

        #expect(
            recorder.events == [
                "didStartLoading",
                "didStartNavigation(https://down.example/)",
                "loadProgressChanged(0.1)",
                "didFinishNavigation(https://down.example/ error)",
                "loadProgressChanged(1.0)",
                "didStopLoading",
                "pageLoaded(failure)",
                // The error page, without load events of its own.
                "didChangeVisibleSecurityState",
                "didChangeBackForwardState",
                "titleWasSet(down.example)",
            ])
        #expect(failures.finishedContext?.hasCommitted == false)
        #expect(failures.finishedContext?.error?.kind == .unreachable)
        #expect(failures.loadError?.kind == .unreachable)
        #expect(
            urls(of: webState.navigationManager.history) == [
                url("https://a.example/"), url("https://down.example/"),
            ])
        #expect(webState.lastCommittedURL == url("https://down.example/"))
        #expect(webState.visibleURL == url("https://down.example/"))
        #expect(webState.title == "down.example")
    }

    @Test(arguments: [404, 500])
    func httpErrorCommitsAnErrorPageAndReportsFailure(_ status: Int) {
        fixture.engine.setPage(
            url("https://a.example/missing"), .init(title: "Not Found", httpStatus: status))
        let webState = fixture.makeWebState()
        let recorder = WebStateEventRecorder(observing: [webState])
        let failures = FailureProbe()
        webState.addObserver(failures)

        webState.load(url("https://a.example/missing"))

        #expect(recorder.events.contains("didFinishNavigation(https://a.example/missing error)"))
        #expect(recorder.events.last == "pageLoaded(failure)")
        #expect(failures.finishedContext?.hasCommitted == true)
        #expect(failures.finishedContext?.httpStatusCode == status)
        #expect(failures.loadError?.kind == .httpStatus(status))
        #expect(webState.lastCommittedURL == url("https://a.example/missing"))
        #expect(webState.navigationItemCount == 1)
    }

    @Test func successfulLoadReportsStatus200() {
        let webState = fixture.makeWebState()
        let probe = FailureProbe()
        webState.addObserver(probe)
        webState.load(url("https://a.example/"))
        #expect(probe.finishedContext?.httpStatusCode == 200)
        #expect(probe.finishedContext?.error == nil)
        #expect(probe.loadError == nil)
    }

    @Test func navigationIDsAreUniquePerNavigation() {
        let webState = fixture.makeWebState()
        let probe = FailureProbe()
        webState.addObserver(probe)
        webState.load(url("https://a.example/1"))
        let first = probe.finishedContext?.navigationID
        webState.load(url("https://a.example/2"))
        let second = probe.finishedContext?.navigationID
        #expect(first != nil)
        #expect(first != second)
    }

    // MARK: Back-forward model

    @Test func backForwardAndGoToItemMoveTheCommittedIndex() throws {
        let pages = [url("https://a.example/1"), url("https://a.example/2"), url("https://a.example/3")]
        let webState = fixture.makeWebState(loading: pages)
        let manager = webState.navigationManager
        #expect(manager.lastCommittedItemIndex == 2)
        #expect(manager.canGoBack)
        #expect(!manager.canGoForward)

        manager.goBack()
        #expect(manager.lastCommittedItemIndex == 1)
        #expect(webState.lastCommittedURL == pages[1])
        #expect(manager.canGoBack && manager.canGoForward)

        manager.goBack()
        #expect(manager.lastCommittedItemIndex == 0)
        #expect(!manager.canGoBack)
        manager.goBack()  // No-op at the start.
        #expect(manager.lastCommittedItemIndex == 0)

        manager.goForward()
        #expect(manager.lastCommittedItemIndex == 1)

        manager.goToItem(at: 2)
        #expect(manager.lastCommittedItemIndex == 2)
        #expect(!manager.canGoForward)
        manager.goForward()  // No-op at the end.
        #expect(manager.lastCommittedItemIndex == 2)

        #expect(urls(of: manager.history) == pages, "moving through history keeps every entry")
        #expect(try fakeContent(of: webState).loadedURLs == pages + [pages[1], pages[0], pages[1], pages[2]])
    }

    @Test func loadingAfterGoingBackDropsTheForwardEntries() {
        let pages = [url("https://a.example/1"), url("https://a.example/2"), url("https://a.example/3")]
        let webState = fixture.makeWebState(loading: pages)
        let manager = webState.navigationManager
        manager.goToItem(at: 0)

        webState.load(url("https://b.example/new"))

        #expect(urls(of: manager.history) == [pages[0], url("https://b.example/new")])
        #expect(manager.lastCommittedItemIndex == 1)
        #expect(!manager.canGoForward)
        #expect(webState.navigationItemCount == 2)
    }

    @Test func historyNavigationReportsBackForwardState() {
        let webState = fixture.makeWebState(loading: [url("https://a.example/1"), url("https://a.example/2")])
        let recorder = WebStateEventRecorder(observing: [webState])
        webState.navigationManager.goBack()
        #expect(recorder.count("didChangeBackForwardState") == 1)
        #expect(recorder.events.last == "pageLoaded(success)")
    }

    @Test func reloadLoadsTheCommittedEntryAgainInPlace() throws {
        let webState = fixture.makeWebState(loading: [url("https://a.example/1"), url("https://a.example/2")])
        webState.navigationManager.goBack()
        webState.reload()
        #expect(webState.navigationManager.lastCommittedItemIndex == 0)
        #expect(webState.navigationItemCount == 2)
        #expect(try fakeContent(of: webState).loadedURLs.last == url("https://a.example/1"))
    }

    @Test func reloadWithNothingCommittedDoesNothing() throws {
        let webState = fixture.makeWebState()
        let recorder = WebStateEventRecorder(observing: [webState])
        webState.reload()
        #expect(recorder.events.isEmpty)
        #expect(try fakeContent(of: webState).loadedURLs.isEmpty)
    }

    @Test func goToAMissingItemFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let engine = FakeWebEngine()
                let webState = WebState(params: .init(context: engine.defaultContext))
                webState.load(URL(string: "https://a.example/")!)
                webState.navigationManager.goToItem(at: 1)
            }
        }.expectPreconditionMessage("NavigationManager: no item at index 1")
    }

    // MARK: Policy deciders

    @Test func cancellingDeciderStopsTheNavigationSilently() throws {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        let decider = RecordingDecider(blocking: [url("https://blocked.example/")])
        webState.addPolicyDecider(decider)
        let recorder = WebStateEventRecorder(observing: [webState])

        webState.load(url("https://blocked.example/"))

        #expect(decider.asked == [url("https://blocked.example/")])
        #expect(recorder.events.isEmpty)
        #expect(webState.lastCommittedURL == url("https://a.example/"))
        #expect(webState.navigationItemCount == 1)
        #expect(try fakeContent(of: webState).loadedURLs == [url("https://a.example/")])
    }

    @Test func firstCancelWins() {
        let webState = fixture.makeWebState()
        let allowing = RecordingDecider()
        let cancelling = RecordingDecider(blocking: [url("https://x.example/")])
        let later = RecordingDecider()
        webState.addPolicyDecider(allowing)
        webState.addPolicyDecider(cancelling)
        webState.addPolicyDecider(later)

        let request = NavigationRequest(url: url("https://x.example/"))
        #expect(webState.decidePolicy(for: request) == .cancel)
        #expect(allowing.asked == [url("https://x.example/")])
        #expect(cancelling.asked == [url("https://x.example/")])
        #expect(later.asked.isEmpty, "no decider is asked after one cancelled")

        #expect(webState.decidePolicy(for: NavigationRequest(url: url("https://y.example/"))) == .allow)
        #expect(later.asked == [url("https://y.example/")])
    }

    @Test func decidersAreHeldWeakly() {
        let webState = fixture.makeWebState()
        weak var weakDecider: RecordingDecider?
        do {
            let decider = RecordingDecider(blocking: [url("https://x.example/")])
            weakDecider = decider
            webState.addPolicyDecider(decider)
            #expect(webState.decidePolicy(for: NavigationRequest(url: url("https://x.example/"))) == .cancel)
        }
        #expect(weakDecider == nil)
        webState.load(url("https://x.example/"))
        #expect(webState.lastCommittedURL == url("https://x.example/"))
    }

    @Test func removedDeciderIsNotAsked() {
        let webState = fixture.makeWebState()
        let decider = RecordingDecider(blocking: [url("https://x.example/")])
        webState.addPolicyDecider(decider)
        webState.removePolicyDecider(decider)
        webState.load(url("https://x.example/"))
        #expect(decider.asked.isEmpty)
        #expect(webState.lastCommittedURL == url("https://x.example/"))
    }

    @Test func decidersAreAskedAboutRedirectsAndCanCancelThem() throws {
        fixture.engine.setPage(
            url("https://a.example/go"), .init(title: "", redirect: url("https://evil.example/")))
        let webState = fixture.makeWebState(loading: [url("https://home.example/")])
        let decider = RecordingDecider(blocking: [url("https://evil.example/")])
        webState.addPolicyDecider(decider)
        let recorder = WebStateEventRecorder(observing: [webState])
        let failures = FailureProbe()
        webState.addObserver(failures)

        webState.load(url("https://a.example/go"))

        #expect(decider.asked == [url("https://a.example/go"), url("https://evil.example/")])
        #expect(recorder.count("didRedirectNavigation") == 0)
        #expect(recorder.events.last == "pageLoaded(failure)")
        #expect(failures.loadError?.kind == .cancelled)
        #expect(webState.lastCommittedURL == url("https://home.example/"))
        #expect(try fakeContent(of: webState).loadedURLs == [url("https://home.example/")])
    }
}

/// Records the loading flag at start and stop.
@MainActor
final class LoadingProbe: WebStateObserver {
    private(set) var isLoadingAtStart: Bool?
    private(set) var isLoadingAtStop: Bool?
    func didStartLoading(_ webState: WebState) { isLoadingAtStart = webState.isLoading }
    func didStopLoading(_ webState: WebState) { isLoadingAtStop = webState.isLoading }
}

/// Keeps the last finished navigation and the last load error.
@MainActor
final class FailureProbe: WebStateObserver {
    private(set) var finishedContext: NavigationContext?
    private(set) var loadError: WebLoadError?
    func didFinishNavigation(_ webState: WebState, context: NavigationContext) { finishedContext = context }
    func pageLoaded(_ webState: WebState, status: PageLoadCompletionStatus) {
        if case .failure(let error) = status { loadError = error } else { loadError = nil }
    }
}
