import Foundation
import Testing
import Web
import WebKitNavigation

@MainActor
struct MachineStateTests {
    @Test func navigationsAreNumberedAndSayWhoStartedThem() {
        let script = SignalScript()
        script.run(SignalScript.loadA)
        // A load the page started (a link) comes with no API call before it.
        script.run(
            "loading uri:/b progress:0.1 policy:allow started status:200 bf committed progress:1.0 notloading"
                + " finished idle")
        let started = script.startedNavigations
        #expect(started.map(\.navigationID) == [1, 2])
        #expect(started.map(\.isRendererInitiated) == [false, true])
        #expect(script.finishedNavigations.map(\.navigationID) == [1, 2])
        #expect(script.machine.lastCommittedURL == SignalScript.url("/b"))
    }

    @Test func loadingLastsFromStartToTheIdleCompletion() {
        let script = SignalScript()
        script.run("api loading uri:/a policy:allow started")
        #expect(script.machine.isLoading)
        #expect(!script.machine.isAPINavigationPending)
        script.run("committed notloading finished")
        #expect(script.machine.isLoading)
        #expect(script.scheduled)
        script.run("idle")
        #expect(!script.machine.isLoading)
        #expect(!script.scheduled)
    }

    @Test func aCommitUsesTheMainResourceStatusWhenNoResponseWasDecided() {
        let script = SignalScript()
        script.run("api loading uri:/a started resource:503 committed")
        #expect(script.finishedNavigations.last?.httpStatusCode == 503)
        #expect(script.finishedNavigations.last?.error?.kind == .httpStatus(503))
    }

    @Test func aPolicyCancellationEndsTheAPINavigationButARedirectCancellationDoesNot() {
        let script = SignalScript()
        script.run("api")
        #expect(script.machine.isAPINavigationPending)
        script.run("policy:cancel-redirect")
        #expect(script.machine.isAPINavigationPending)
        script.run("policy:allow")
        #expect(script.machine.isAPINavigationPending)
        script.run("policy:cancel")
        #expect(!script.machine.isAPINavigationPending)
    }

    @Test func aURIChangeDuringAnAPINavigationIsNotASameDocumentNavigation() {
        let script = SignalScript()
        script.run(SignalScript.loadA)
        #expect(script.run("api uri:/a#x") == [])
        #expect(
            script.run("policy:cancel uri:/a#y") == [
                "start(/a#y same-document)", "finish(/a#y same-document committed)", "backForward",
            ])
    }

    @Test func theWebProcessGoingAwayMarksTheContentCrashedUntilACommit() {
        let script = SignalScript()
        script.run(SignalScript.loadA)
        script.run("crash")
        #expect(script.machine.isCrashed)
        script.run("api loading uri:/a policy:allow started status:200")
        #expect(script.machine.isCrashed)
        script.run("committed")
        #expect(!script.machine.isCrashed)
    }

    @Test func anErrorPageInterruptedByANewLoadIsForgotten() {
        let script = SignalScript()
        script.run(SignalScript.loadA)
        script.run("api loading uri:/nowhere policy:allow started failed:unreachable finished idle started")
        // WebKit interrupts the error page's load: its failure is not reported.
        #expect(script.run("failed:cancelled") == [])
        #expect(
            script.run("api uri:/b progress:0.1 started status:200 committed")
                == ["startLoading", "start(/b)", "progress(0.1)", "finish(/b committed 200)", "backForward"])
    }

    @Test func anAPINavigationSupersedesAnErrorPageStillToLoad() {
        let script = SignalScript()
        script.run(SignalScript.loadA)
        script.run("api loading uri:/nowhere policy:allow started failed:unreachable finished idle")
        #expect(
            script.run("api uri:/b progress:0.1 started") == ["startLoading", "start(/b)", "progress(0.1)"])
    }

    @Test func theFaviconIsReportedWhenItChanges() {
        let script = SignalScript()
        #expect(
            script.run("favicon:/i.png favicon:/i.png favicon:none favicon:none")
                == ["favicon(/i.png)", "favicon(/i.png)", "favicon(none)"],
            "a new image under the same URL is news too; no icon twice is not")
        #expect(script.machine.faviconURL == nil)
    }

    @Test func historyChangesWaitForTheEndOfALoad() {
        let script = SignalScript()
        script.run(SignalScript.loadA)
        #expect(script.run("bf") == ["backForward"])
        script.run("api loading uri:/b policy:allow started")
        #expect(script.run("bf") == [])
        #expect(script.run("notloading finished idle").suffix(1) == ["backForward"])
    }

    /// Each output reaches the receiver as soon as it is decided, so that what the receiver
    /// does (close the content, start another load) is seen by the rest of the handling.
    @Test func outputsAreDeliveredAsTheyAreDecided() {
        let script = SignalScript()
        var seen: [String] = []
        script.onOutput = { output in
            if case .event(.didFinishNavigation) = output { seen.append("finish") }
            if case .showErrorPage = output { seen.append("errorPage") }
        }
        script.run("api loading uri:/nowhere policy:allow started failed:unreachable")
        #expect(seen == ["finish", "errorPage"])
    }
}
