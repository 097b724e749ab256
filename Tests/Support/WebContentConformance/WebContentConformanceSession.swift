import Foundation
public import Web
import WebTestSupport

/// What a conformance scenario does to a WebState over the driver's engine, each step waiting
/// until the engine has done it; records the WebState's observer events from
/// ``startRecording()`` on.
@MainActor
public final class WebContentConformanceSession {
    private let driver: any WebContentConformanceDriver
    private let recorder = WebStateEventRecorder()
    private let navigationRecorder = FinishedNavigationRecorder()
    /// Whether ``events`` ends with the transitions of the committed navigations.
    private var recordsTransitions = false
    /// The WebState the steps act on (a restore replaces it).
    public private(set) var webState: WebState
    /// The steps that did not finish in time.
    private(set) var timeouts: [String] = []
    private(set) var isClosed = false

    init(driver: any WebContentConformanceDriver) {
        self.driver = driver
        webState = WebState(params: .init(context: driver.context))
        webState.addObserver(recorder)
        webState.addObserver(navigationRecorder)
    }

    /// The events recorded so far, URLs named as in ``name(in:)``, without two things an
    /// engine decides by itself: the progress WebKit estimates between the start (0.1) and
    /// the end (1) of a load, and when a title is reported. WebKit reports a page's title
    /// when it has parsed it, before or after the load ends, and an empty one when a new
    /// document commits: the titles but empty ones follow the events, in the order they came.
    var events: [String] {
        var events: [String] = []
        var titles: [String] = []
        for event in recorder.events {
            if event.hasPrefix("titleWasSet(") {
                if event != "titleWasSet()" { titles.append(String(event.dropFirst(12).dropLast())) }
                continue
            }
            if event.hasPrefix("loadProgressChanged("), let progress = Double(event.dropFirst(20).dropLast()),
                progress > 0.1, progress < 1
            {
                continue
            }
            events.append(name(in: event))
        }
        if !titles.isEmpty { events.append("titles: " + titles.joined(separator: ", ")) }
        if recordsTransitions { events.append("transitions: " + transitions.joined(separator: ", ")) }
        return events
    }

    /// The committed navigations as "page transition", a restore marked "restore", a
    /// redirect chain following in brackets.
    private var transitions: [String] {
        navigationRecorder.committed.map { navigation in
            var text = name(of: navigation.url) + " \(navigation.pageTransition)"
            if navigation.isRestore { text += " restore" }
            if navigation.redirectChain.count > 1 {
                text += " [" + navigation.redirectChain.map { name(of: $0) }.joined(separator: " ") + "]"
            }
            return text
        }
    }

    /// What the WebState shows once the scenario ended: its history (the committed entry
    /// starred), visible URL, title, zoom and whether it is loading.
    var state: String {
        guard !isClosed else { return "closed" }
        let history = webState.navigationManager.history
        let items = history.items.enumerated().map { index, item in
            name(of: item.url) + (index == history.lastCommittedItemIndex ? "*" : "")
        }
        return "history [\(items.joined(separator: " "))], visible \(name(of: webState.visibleURL)), "
            + "title \"\(webState.title)\", zoom \(webState.zoomLevel)"
            + (webState.isLoading ? ", loading" : "")
    }

    /// `text` with the URLs of the pages replaced by the pages' names, and the other URLs of
    /// their origin by their paths.
    private func name(in text: String) -> String {
        var text = text
        for page in ConformancePage.allCases {
            let url = driver.url(of: page).absoluteString
            text = text.replacingOccurrences(of: url + ")", with: "\(page))")
            text = text.replacingOccurrences(of: url + " ", with: "\(page) ")
        }
        return text.replacingOccurrences(of: driver.origin.absoluteString, with: "")
    }

    /// The name of the page at `url`, else the URL.
    private func name(of url: URL?) -> String {
        guard let url else { return "nil" }
        return ConformancePage.allCases.first { driver.url(of: $0) == url }?.rawValue ?? url.absoluteString
    }

    /// Forgets the events recorded so far: what the scenario did until now was its set-up.
    public func startRecording() {
        driver.settle()
        recorder.reset()
        navigationRecorder.reset()
    }

    /// Has ``events`` end with how each committed navigation from now on came about.
    public func recordTransitions() {
        startRecording()
        recordsTransitions = true
    }

    /// Loads `page` and waits until it has loaded (a page that never answers: until its
    /// navigation started; an unreachable one: until its error page is shown).
    public func load(_ page: ConformancePage, transition: PageTransition = .link) {
        navigate(to: page, "load of \(page)") { webState.load(driver.url(of: page), transition: transition) }
    }

    /// Has the page follow a link to `page` (a click of the page's, no user gesture) and
    /// waits until it has loaded.
    public func clickLink(to page: ConformancePage) {
        navigate(to: page, "link to \(page)") { driver.clickLink(to: driver.url(of: page), in: webState) }
    }

    /// Has the page submit a form (POST) whose action is `page` and waits until it has
    /// loaded.
    public func submitForm(to page: ConformancePage) {
        navigate(to: page, "form to \(page)") { driver.submitForm(to: driver.url(of: page), in: webState) }
    }

    /// Goes back to `page` and waits until it has loaded.
    public func goBack(to page: ConformancePage) {
        navigate(to: page, "back to \(page)") { webState.navigationManager.goBack() }
    }

    /// Goes forward to `page` and waits until it has loaded.
    public func goForward(to page: ConformancePage) {
        navigate(to: page, "forward to \(page)") { webState.navigationManager.goForward() }
    }

    /// Reloads the committed page, `page`, and waits until it has loaded.
    public func reload(_ page: ConformancePage) {
        navigate(to: page, "reload of \(page)") { webState.reload() }
    }

    /// Stops the load under way and waits until the WebState no longer loads.
    public func stop() {
        webState.stopLoading()
        wait("the stop") { !webState.isLoading }
    }

    /// Has the page set its title to `title` by script, and waits for it.
    public func setTitleByScript(_ title: String) {
        driver.setTitleByScript(title, in: webState)
        wait("the title \(title)") { webState.title == title }
    }

    /// Sets the zoom level.
    public func setZoom(_ level: Double) {
        webState.zoomLevel = level
    }

    /// Closes the WebState; nothing may be reported after.
    public func close() {
        webState.close()
        isClosed = true
    }

    /// Replaces the WebState by an unrealized one whose saved history is `pages`, with
    /// `committed` the committed one, and realizes it, which loads the committed page; waits
    /// until that page has loaded.
    public func restore(_ pages: [ConformancePage], committed: Int) {
        let saved = Date(timeIntervalSince1970: 1_700_000_000)
        let history = NavigationHistory(
            items: pages.map {
                NavigationItem(url: driver.url(of: $0), title: $0.loadedTitle ?? "", timestamp: saved)
            },
            lastCommittedItemIndex: committed)
        let page = pages[committed]
        let metadata = WebStateMetadata(
            creationTime: saved, lastActiveTime: saved, title: page.loadedTitle ?? "",
            url: driver.url(of: page),
            navigationItemCount: pages.count)
        let storage = WebStateStorage(metadata: metadata, navigation: history)
        webState.close()
        recorder.reset()
        navigationRecorder.reset()
        webState = WebState(
            context: driver.context, id: .newUnique(), metadata: metadata,
            loaders: .init(storage: { storage }, nativeSessionState: { nil }))
        webState.addObserver(recorder)
        webState.addObserver(navigationRecorder)
        navigate(to: page, "restore of \(page)") { webState.forceRealized() }
    }

    private func navigate(to page: ConformancePage, _ what: String, _ action: () -> Void) {
        let since = recorder.events.count
        let url = driver.url(of: page)
        action()
        if page == .stalled {
            wait(what) {
                recorder.events.dropFirst(since).contains("didStartNavigation(\(url.absoluteString))")
            }
        } else if let title = page.loadedTitle {
            // The title may come after the load finished; a restored tab shows its saved
            // title before its page reports its own.
            wait(what) {
                loadEnded(of: url, since: since)
                    && recorder.events.dropFirst(since).contains("titleWasSet(\(title))")
            }
        } else {
            // The error page in its place, titled with the host.
            wait(what) {
                loadEnded(of: url, since: since) && webState.lastCommittedURL == url
                    && webState.title == url.host
            }
        }
    }

    /// Whether the load of a navigation to `url` that started after the first `since` events
    /// ended (a load it superseded ends too).
    private func loadEnded(of url: URL, since: Int) -> Bool {
        let events = recorder.events.dropFirst(since)
        guard let start = events.lastIndex(of: "didStartNavigation(\(url.absoluteString))") else {
            return false
        }
        return events[start...].contains { $0.hasPrefix("pageLoaded(") }
    }

    private func wait(_ what: String, until condition: () -> Bool) {
        if !driver.wait(until: condition) { timeouts.append("timed out waiting for \(what)") }
    }
}
