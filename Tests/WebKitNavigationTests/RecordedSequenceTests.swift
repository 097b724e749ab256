import Testing
import Web
import WebKitNavigation

@MainActor
struct RecordedSequenceTests {
    nonisolated static let cases: [RecordedCase] = [
        RecordedCase(
            "plain load", SignalScript.loadA,
            [
                "startLoading", "start(/a)", "progress(0.1)", "progress(0.5)", "finish(/a committed 200)",
                "backForward", "title(Page A)", "progress(1.0)", "stopLoading", "loaded(success)",
            ]),
        RecordedCase(
            "a title set just after FINISHED comes before the load ends",
            "api loading uri:/i progress:0.1 policy:allow started status:200 progress:0.5 bf committed"
                + " progress:1.0 notloading finished title:Icon idle favicon:/icon.png",
            [
                "startLoading", "start(/i)", "progress(0.1)", "progress(0.5)", "finish(/i committed 200)",
                "backForward", "progress(1.0)", "title(Icon)", "stopLoading", "loaded(success)",
                "favicon(/icon.png)",
            ]),
        RecordedCase(
            "a title set after the idle completion comes after it",
            "api loading uri:/slow progress:0.1 policy:allow started status:200 progress:0.5 bf committed"
                + " progress:1.0 notloading finished idle title:Slow",
            [
                "startLoading", "start(/slow)", "progress(0.1)", "progress(0.5)",
                "finish(/slow committed 200)",
                "backForward", "progress(1.0)", "stopLoading", "loaded(success)", "title(Slow)",
            ]),
        RecordedCase(
            "redirect",
            "api loading uri:/old progress:0.1 policy:allow started uri:/b policy:allow-redirect redirected"
                + " status:200 progress:0.5 bf committed progress:1.0 notloading finished idle",
            [
                "startLoading", "start(/old)", "progress(0.1)", "redirect(/b)", "progress(0.5)",
                "finish(/b committed 200)", "backForward", "progress(1.0)", "stopLoading", "loaded(success)",
            ]),
        RecordedCase(
            "an HTTP error status commits and fails the load",
            "api loading uri:/missing progress:0.1 policy:allow started status:404 progress:0.5 bf committed"
                + " progress:1.0 notloading finished idle title:Missing",
            [
                "startLoading", "start(/missing)", "progress(0.1)", "progress(0.5)",
                "finish(/missing committed 404 error httpStatus(404))", "backForward", "progress(1.0)",
                "stopLoading", "loaded(failure httpStatus(404))", "title(Missing)",
            ]),
        RecordedCase(
            "an unreachable port fails before commit; the error page's own load is not reported",
            before: SignalScript.loadA,
            "api loading uri:/nowhere progress:0.1 policy:allow started notloading uri:/a"
                + " failed:unreachable:/nowhere finished loading uri:/nowhere idle started bf title: committed"
                + " progress:1.0 notloading finished title:127.0.0.1",
            [
                "startLoading", "start(/nowhere)", "progress(0.1)", "finish(/nowhere error unreachable)",
                "errorPage(/nowhere unreachable)", "progress(1.0)", "stopLoading",
                "loaded(failure unreachable)", "title()", "backForward", "title(127.0.0.1)",
            ]),
        RecordedCase(
            "TLS errors make the failure a TLS one",
            "api loading uri:/secret progress:0.1 policy:allow started notloading uri:nil tls"
                + " failed:other:/secret finished loading uri:/secret idle started bf committed progress:1.0"
                + " notloading finished title:127.0.0.1",
            [
                "startLoading", "start(/secret)", "progress(0.1)", "finish(/secret error tls)",
                "errorPage(/secret tls)", "progress(1.0)", "stopLoading", "loaded(failure tls)",
                "backForward",
                "title(127.0.0.1)",
            ]),
        RecordedCase(
            "a policy decider cancels a load before it starts: nothing is reported",
            before: SignalScript.loadA,
            "api loading uri:/blocked progress:0.1 notloading uri:/a progress:1.0 policy:cancel", []),
        RecordedCase(
            "a policy decider cancels a redirect: the load fails as cancelled, with no error page",
            "api loading uri:/to-b progress:0.1 policy:allow started uri:/b policy:cancel-redirect notloading"
                + " uri:nil failed:cancelled:/b finished idle",
            [
                "startLoading", "start(/to-b)", "progress(0.1)", "finish(/to-b error cancelled)",
                "progress(1.0)",
                "stopLoading", "loaded(failure cancelled)",
            ]),
        RecordedCase(
            "WebKit cancels a committed history load of a no-store page: the load succeeds",
            before: SignalScript.loadA,
            "api loading uri:/x progress:0.1 bf policy:allow started title: resource:200 committed title:x"
                + " progress:1.0 notloading failed:cancelled finished idle",
            [
                "startLoading", "start(/x)", "progress(0.1)", "title()", "finish(/x committed 200)",
                "backForward",
                "title(x)", "progress(1.0)", "stopLoading", "loaded(success)",
            ]),
        RecordedCase(
            "stop() after commit: the load succeeds",
            "api loading uri:/partial progress:0.1 policy:allow started status:200 progress:0.5 bf committed"
                + " progress:1.0 notloading failed:cancelled finished title:Partial idle",
            [
                "startLoading", "start(/partial)", "progress(0.1)", "progress(0.5)",
                "finish(/partial committed 200)", "backForward", "progress(1.0)", "title(Partial)",
                "stopLoading",
                "loaded(success)",
            ]),
        RecordedCase(
            "stop() before commit: the load fails as cancelled, with no error page",
            before: SignalScript.loadA,
            "api loading uri:/slow progress:0.1 policy:allow started notloading uri:/a failed:cancelled:/slow"
                + " finished progress:1.0 idle",
            [
                "startLoading", "start(/slow)", "progress(0.1)", "finish(/slow error cancelled)",
                "progress(1.0)",
                "stopLoading", "loaded(failure cancelled)",
            ]),
        RecordedCase(
            "a new load while another is in progress ends the first one before it starts",
            before: SignalScript.loadA,
            "api loading uri:/slow progress:0.1 policy:allow started api uri:/b failed:cancelled:/slow finished"
                + " policy:allow started status:200 progress:0.5 bf title: committed title:Page_B progress:1.0"
                + " notloading finished idle",
            [
                "startLoading", "start(/slow)", "progress(0.1)", "finish(/slow error cancelled)",
                "progress(1.0)",
                "stopLoading", "loaded(failure cancelled)", "startLoading", "start(/b)", "progress(0.1)",
                "progress(0.5)", "title()", "finish(/b committed 200)", "backForward", "title(Page B)",
                "progress(1.0)", "stopLoading", "loaded(success)",
            ]),
        RecordedCase(
            "the web process goes away during a load",
            before: SignalScript.loadA,
            "api loading uri:/slow progress:0.1 policy:allow started crash notloading title: uri:nil progress:0.0",
            [
                "startLoading", "start(/slow)", "progress(0.1)", "finish(/slow error renderProcessGone)",
                "stopLoading", "loaded(failure renderProcessGone)", "crashed", "title()",
            ]),
        RecordedCase(
            "the web process goes away after a load",
            before: SignalScript.loadA, "crash title: uri:nil progress:0.0", ["crashed", "title()"]),
        RecordedCase(
            "the web process goes away before the idle completion: the load completes first",
            "api loading uri:/a progress:0.1 policy:allow started status:200 progress:0.5 bf committed"
                + " progress:1.0 notloading finished crash",
            [
                "startLoading", "start(/a)", "progress(0.1)", "progress(0.5)", "finish(/a committed 200)",
                "backForward", "progress(1.0)", "stopLoading", "loaded(success)", "crashed",
            ]),
        RecordedCase(
            "same-document navigations (a fragment, then pushState)",
            before: SignalScript.loadA, "policy:allow bf uri:/a#part bf uri:/a/pushed",
            [
                "backForward", "start(/a#part same-document)", "finish(/a#part same-document committed)",
                "backForward", "backForward", "start(/a/pushed same-document)",
                "finish(/a/pushed same-document committed)", "backForward",
            ]),
        RecordedCase(
            "a restored session loads its current entry",
            "restore loading uri:/b progress:0.1 bf policy:allow started status:200 progress:0.5 committed"
                + " progress:1.0 notloading finished idle",
            [
                "startLoading", "start(/b)", "progress(0.1)", "progress(0.5)", "finish(/b committed 200)",
                "backForward", "progress(1.0)", "stopLoading", "loaded(success)",
            ]),
        RecordedCase(
            "a restored session that does not load reports its history", "restore-noload", ["backForward"]),
    ]

    @Test(arguments: cases)
    func recordedSequence(_ recorded: RecordedCase) {
        let script = SignalScript()
        script.run(recorded.before)
        #expect(script.run(recorded.signals) == recorded.outputs)
    }
}
