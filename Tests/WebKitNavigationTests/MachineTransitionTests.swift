import Foundation
import Testing
import Web
import WebKitNavigation

/// How the machine marks each navigation (``NavigationContext/pageTransition``): the API
/// call's transition, else the page's action WebKit asked a policy for; redirects and
/// restores.
@MainActor
struct MachineTransitionTests {
    /// Loads `path` as WebKit reports a navigation, after `before` (an API call, a policy).
    static func load(_ path: String, after before: String) -> String {
        "\(before) loading uri:\(path) progress:0.1 started status:200 bf committed progress:1.0 notloading"
            + " finished idle"
    }

    @Test(arguments: [
        ("api:typed policy:allow", "typed"),
        ("api policy:allow", "link"),
        ("api:reload policy:allow:reload", "reload"),
        ("api:back policy:allow:bf", "link|forwardBack"),
        ("policy:allow:link", "link"),
        ("policy:allow:form", "formSubmit"),
        ("policy:allow:reload", "reload"),
        ("policy:allow:bf", "link|forwardBack"),
        ("policy:allow", "link"),
        ("policy:allow:script", "link|clientRedirect"),
        ("api:typed policy:allow:script", "typed"),
    ])
    func aNavigationIsMarkedByTheAPICallElseByThePagesAction(before: String, transition: String) {
        let script = SignalScript()
        script.run(SignalScript.loadA)
        script.run(Self.load("/b", after: before))
        #expect(script.finishedNavigations.last?.pageTransition.description == transition)
        #expect(script.startedNavigations.last?.pageTransition.description == transition)
    }

    @Test func aTransitionIsUsedByOneNavigationOnly() {
        let script = SignalScript()
        script.run(Self.load("/a", after: "api:typed policy:allow"))
        // A navigation without a call or a policy before it (none WebKit makes so) is a link.
        script.run(Self.load("/b", after: ""))
        #expect(script.finishedNavigations.map(\.pageTransition.description) == ["typed", "link"])
    }

    @Test func aCancelledAPINavigationLeavesNoTransitionForTheNext() {
        let script = SignalScript()
        script.run("api:typed policy:cancel")
        script.run(Self.load("/b", after: "policy:allow:form"))
        #expect(script.finishedNavigations.last?.pageTransition == .formSubmit)
    }

    @Test func serverRedirectsGrowTheChainAndMarkTheNavigation() {
        let script = SignalScript()
        script.run(
            "api:typed loading uri:/r1 policy:allow started uri:/r2 policy:allow-redirect:link redirected")
        script.run("uri:/a redirected status:200 bf committed progress:1.0 notloading finished idle")
        let finished = try! #require(script.finishedNavigations.last)
        #expect(finished.pageTransition.description == "typed|serverRedirect")
        #expect(finished.redirectChain == ["/r1", "/r2", "/a"].map(SignalScript.url))
        #expect(finished.url == SignalScript.url("/a"))
    }

    @Test func aNavigationWithoutRedirectsHasItsURLAsChain() {
        let script = SignalScript()
        script.run(SignalScript.loadA)
        #expect(script.finishedNavigations.last?.redirectChain == [SignalScript.url("/a")])
        #expect(script.finishedNavigations.last?.isRestore == false)
    }

    @Test func aRestoredEntrysLoadIsAReloadMarkedAsARestore() {
        let script = SignalScript()
        script.run(Self.load("/a", after: "restore policy:allow:bf"))
        let finished = try! #require(script.finishedNavigations.last)
        #expect(finished.pageTransition == .reload)
        #expect(finished.isRestore)
        // The next navigation is the user's again.
        script.run(Self.load("/b", after: "api policy:allow"))
        #expect(script.finishedNavigations.last?.isRestore == false)
    }

    @Test func aPagesNavigationStartsAtTheURLItsPolicyRequested() {
        let script = SignalScript()
        script.run(SignalScript.loadA)
        // WebKit changes the view's URI after a navigation the page started has started.
        script.view.uri = SignalScript.url("/b")
        script.machine.handle(
            .navigationPolicyDecided(.allow, isRedirect: false, type: .linkClicked, url: script.view.uri))
        script.view.uri = SignalScript.url("/a")
        script.run("loading started uri:/b status:200 bf committed progress:1.0 notloading finished idle")
        #expect(script.startedNavigations.last?.url == SignalScript.url("/b"))
        #expect(script.finishedNavigations.last?.redirectChain == [SignalScript.url("/b")])
    }
}
