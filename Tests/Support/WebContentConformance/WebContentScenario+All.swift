// The scenarios of the conformance suite and what both engines report in them. The strings
// are WebStateEventRecorder's, with page names for URLs; see WebContentConformanceSession
// for what is left out of their order (progress estimates, titles). A difference found here
// is a difference between the fake engine and WebKit: fix the fake, or the WebKit engine.

import Web

extension WebContentScenario {
    /// Every scenario.
    public static let all: [WebContentScenario] = [
        loadingAPage, goingBackAndForward, reloading, changingTheTitle, stopping, loadingOverAStalledLoad,
        followingARedirect, loadingAMissingPage, failingToLoad, followingARedirectLoop, closing,
        restoringAHistory, zooming, markingTheBrowsersTransitions, markingAPagesTransitions,
        markingARedirect, markingARestore,
    ]

    /// The events of a load that commits `page` (after a first one: without the change of
    /// security state), from its start to its end.
    private static func load(_ page: String, first: Bool = false) -> [String] {
        ["didStartLoading", "didStartNavigation(\(page))", "loadProgressChanged(0.1)"]
            + ["didFinishNavigation(\(page) committed)"] + (first ? ["didChangeVisibleSecurityState"] : [])
            + [
                "didChangeBackForwardState", "loadProgressChanged(1.0)", "didStopLoading",
                "pageLoaded(success)",
            ]
    }

    /// The end of a load that failed, after its navigation finished.
    private static let failedLoadEnd = ["loadProgressChanged(1.0)", "didStopLoading", "pageLoaded(failure)"]

    /// What the error page shown in a failed load's place reports: no load events, its
    /// security (unknown), its entry, its title (the host).
    private static let errorPage = ["didChangeVisibleSecurityState", "didChangeBackForwardState"]

    /// A page loads: its events in order.
    static let loadingAPage = WebContentScenario(
        "loading a page",
        expected: load("a", first: true) + [
            "titles: Page A", "history [a*], visible a, title \"Page A\", zoom 1.0",
        ]
    ) { session in
        session.startRecording()
        session.load(.a)
    }

    /// Back and forward between two loaded pages.
    static let goingBackAndForward = WebContentScenario(
        "going back and forward",
        expected: load("a") + load("b") + [
            "titles: Page A, Page B", "history [a b*], visible b, title \"Page B\", zoom 1.0",
        ]
    ) { session in
        session.load(.a)
        session.load(.b)
        session.startRecording()
        session.goBack(to: .a)
        session.goForward(to: .b)
    }

    /// A reload of the committed page.
    static let reloading = WebContentScenario(
        "reloading",
        expected: load("a") + ["titles: Page A", "history [a*], visible a, title \"Page A\", zoom 1.0"]
    ) { session in
        session.load(.a)
        session.startRecording()
        session.reload(.a)
    }

    /// The page changes its title by script.
    static let changingTheTitle = WebContentScenario(
        "changing the title",
        expected: ["titles: Changed", "history [a*], visible a, title \"Changed\", zoom 1.0"]
    ) { session in
        session.load(.a)
        session.startRecording()
        session.setTitleByScript("Changed")
    }

    /// A load that does not finish, stopped: its navigation finishes, cancelled, and the load
    /// fails; the committed page stays.
    static let stopping = WebContentScenario(
        "stopping",
        expected: [
            "didStartLoading", "didStartNavigation(stalled)", "loadProgressChanged(0.1)",
            "didFinishNavigation(stalled error)",
        ] + failedLoadEnd + ["history [a*], visible a, title \"Page A\", zoom 1.0"]
    ) { session in
        session.load(.a)
        session.startRecording()
        session.load(.stalled)
        session.stop()
    }

    /// A load started while another does not finish: the first one ends, cancelled, before
    /// the second starts.
    static let loadingOverAStalledLoad = WebContentScenario(
        "loading over a stalled load",
        expected: ["didFinishNavigation(stalled error)"] + failedLoadEnd + load("b") + [
            "titles: Page B", "history [a b*], visible b, title \"Page B\", zoom 1.0",
        ]
    ) { session in
        session.load(.a)
        session.load(.stalled)
        session.startRecording()
        session.load(.b)
    }

    /// A redirect: the navigation reports it, and commits the page it leads to.
    static let followingARedirect = WebContentScenario(
        "following a redirect",
        expected: [
            "didStartLoading", "didStartNavigation(redirecting)", "loadProgressChanged(0.1)",
            "didRedirectNavigation(a)", "didFinishNavigation(a committed)", "didChangeVisibleSecurityState",
            "didChangeBackForwardState", "loadProgressChanged(1.0)", "didStopLoading", "pageLoaded(success)",
            "titles: Page A", "history [a*], visible a, title \"Page A\", zoom 1.0",
        ]
    ) { session in
        session.startRecording()
        session.load(.redirecting)
    }

    /// An HTTP error status: the server's page commits, and the load fails.
    static let loadingAMissingPage = WebContentScenario(
        "loading a missing page",
        expected: [
            "didStartLoading", "didStartNavigation(missing)", "loadProgressChanged(0.1)",
            "didFinishNavigation(missing error)", "didChangeVisibleSecurityState",
            "didChangeBackForwardState",
        ] + failedLoadEnd + [
            "titles: Missing", "history [missing*], visible missing, title \"Missing\", zoom 1.0",
        ]
    ) { session in
        session.startRecording()
        session.load(.missing)
    }

    /// A load that fails before committing, after a page that loaded: an error page takes
    /// the failed URL's place.
    static let failingToLoad = WebContentScenario(
        "failing to load",
        expected: [
            "didStartLoading", "didStartNavigation(unreachable)", "loadProgressChanged(0.1)",
            "didFinishNavigation(unreachable error)",
        ] + failedLoadEnd + errorPage + [
            "titles: 127.0.0.1",
            "history [a unreachable*], visible unreachable, title \"127.0.0.1\", zoom 1.0",
        ]
    ) { session in
        session.load(.a)
        session.startRecording()
        session.load(.unreachable)
    }

    /// A redirect loop: the engine follows 20 redirects, gives up, and shows an error page.
    static let followingARedirectLoop = WebContentScenario(
        "following a redirect loop",
        expected: ["didStartLoading", "didStartNavigation(looping)", "loadProgressChanged(0.1)"]
            + Array(repeating: "didRedirectNavigation(looping)", count: 20)
            + ["didFinishNavigation(looping error)"] + failedLoadEnd + errorPage + [
                "titles: 127.0.0.1", "history [a looping*], visible looping, title \"127.0.0.1\", zoom 1.0",
            ]
    ) { session in
        session.load(.a)
        session.startRecording()
        session.load(.looping)
    }

    /// Closing a WebState during a load: nothing is reported afterwards.
    static let closing = WebContentScenario("closing", expected: ["webStateDestroyed", "closed"]) { session in
        session.load(.a)
        session.load(.stalled)
        session.startRecording()
        session.close()
    }

    /// A WebState restored from a saved history realizes, then loads its committed page.
    static let restoringAHistory = WebContentScenario(
        "restoring a history",
        expected: ["webStateRealized"] + load("b", first: true) + [
            "titles: Page B", "history [a b* c], visible b, title \"Page B\", zoom 1.0",
        ]
    ) { session in
        session.restore([.a, .b, .c], committed: 1)
    }

    /// A zoom change, and a load that keeps it.
    static let zooming = WebContentScenario(
        "zooming",
        expected: ["didChangeZoomLevel(1.5)"] + load("b") + [
            "titles: Page B", "history [a b*], visible b, title \"Page B\", zoom 1.5",
        ]
    ) { session in
        session.load(.a)
        session.startRecording()
        session.setZoom(1.5)
        session.load(.b)
    }

    /// The transitions of the navigations the browser starts: a typed load, a link's (the
    /// default), back, forward and reload.
    static let markingTheBrowsersTransitions = WebContentScenario(
        "marking the browser's transitions",
        expected: load("a", first: true) + load("b") + load("a") + load("b") + load("b") + [
            "titles: Page A, Page B, Page A, Page B, Page B",
            "transitions: a typed|fromAddressBar, b link, a link|forwardBack, b link|forwardBack, b reload",
            "history [a b*], visible b, title \"Page B\", zoom 1.0",
        ]
    ) { session in
        session.recordTransitions()
        session.load(.a, transition: PageTransition.typed.adding(.fromAddressBar))
        session.load(.b)
        session.goBack(to: .a)
        session.goForward(to: .b)
        session.reload(.b)
    }

    /// The transitions of the navigations the page starts: a link and a form.
    static let markingAPagesTransitions = WebContentScenario(
        "marking a page's transitions",
        expected: load("b") + load("c") + [
            "titles: Page B, Page C", "transitions: b link, c formSubmit",
            "history [a b c*], visible c, title \"Page C\", zoom 1.0",
        ]
    ) { session in
        session.load(.a)
        session.recordTransitions()
        session.clickLink(to: .b)
        session.submitForm(to: .c)
    }

    /// A server redirect marks the navigation and gives its chain.
    static let markingARedirect = WebContentScenario(
        "marking a redirect",
        expected: [
            "didStartLoading", "didStartNavigation(redirecting)", "loadProgressChanged(0.1)",
            "didRedirectNavigation(a)", "didFinishNavigation(a committed)", "didChangeVisibleSecurityState",
            "didChangeBackForwardState", "loadProgressChanged(1.0)", "didStopLoading", "pageLoaded(success)",
            "titles: Page A", "transitions: a typed|serverRedirect [redirecting a]",
            "history [a*], visible a, title \"Page A\", zoom 1.0",
        ]
    ) { session in
        session.recordTransitions()
        session.load(.redirecting, transition: .typed)
    }

    /// A restored tab's load is a reload, marked as a restore.
    static let markingARestore = WebContentScenario(
        "marking a restore",
        expected: ["webStateRealized"] + load("b", first: true) + [
            "titles: Page B", "transitions: b reload restore",
            "history [a b* c], visible b, title \"Page B\", zoom 1.0",
        ]
    ) { session in
        session.recordTransitions()
        session.restore([.a, .b, .c], committed: 1)
    }
}
