public import Foundation
public import Web

/// Records a tab's visits in its profile's history, after Chromium's
/// `ios/chrome/browser/history/model/history_tab_helper.mm`: each committed main-frame
/// navigation to an http(s) or file page, with its transition and redirect chain, and the
/// titles its page sets.
///
/// What is not a visit: a navigation that failed or showed an error page (an HTTP error
/// status included: Chromium keeps them out of Most Visited), a download, a restored tab
/// loading its page (``NavigationContext/isRestore``: the user did not go there now), other
/// schemes (`about:`, `data:`, the start page). An unrealized tab records nothing: it has no
/// navigation until it is realized, and the one its realization loads is a restore.
/// Back/forward and reloads are recorded with their transitions; the service does not count
/// them as visits of the page.
///
/// A prerendered tab (``delaysHistoryServiceNotification``) keeps its visits until it is shown:
/// the user has not been to the page until then.
///
/// Titles: each title the page sets goes to the service, at most
/// ``maxTitleChanges`` per page (Chromium's `history::kMaxTitleChanges`, against pages that
/// animate their title), and only for a page this helper recorded.
@MainActor
public final class HistoryTabHelper: TabHelper, WebStateObserver {
    /// Chromium's `history::kMaxTitleChanges`.
    public static let maxTitleChanges = 5
    /// The schemes whose pages are recorded.
    public static let recordedSchemes: Set<String> = ["http", "https", "file"]

    private weak var service: HistoryService?
    private let now: @MainActor () -> Date
    /// The page of the last recorded visit, while it is the committed one.
    private var recordedURL: URL?
    private var titleChanges = 0
    /// The visits kept while ``delaysHistoryServiceNotification``, in order.
    private var delayedVisits: [HistoryAddPageArgs] = []
    private weak var webState: WebState?

    /// Whether visits are kept instead of recorded (Chromium's
    /// `HistoryTabHelper::SetDelayHistoryServiceNotification`, which its `PreloadController`
    /// sets on a prerendered tab). Turning it off records the kept visits, dated now (when the
    /// user sees the page), with the page's current title.
    public var delaysHistoryServiceNotification = false {
        didSet {
            guard oldValue, !delaysHistoryServiceNotification else { return }
            let visits = delayedVisits
            delayedVisits = []
            guard let service else { return }
            let time = now()
            for var visit in visits {
                visit.time = time
                service.addPage(visit)
            }
            if let recordedURL, let title = webState?.title, !title.isEmpty,
                webState?.lastCommittedURL == recordedURL
            {
                service.setPageTitle(title, for: recordedURL)
            }
        }
    }

    /// Attaches a helper recording into `service` (the profile's) to `webState`, or returns
    /// the attached one; `now` dates the visits.
    @discardableResult
    public static func attach(
        to webState: WebState, service: HistoryService, now: @escaping @MainActor () -> Date = { Date() }
    ) -> HistoryTabHelper {
        createForWebState(webState) { HistoryTabHelper(webState: webState, service: service, now: now) }
    }

    private init(webState: WebState, service: HistoryService, now: @escaping @MainActor () -> Date) {
        self.service = service
        self.now = now
        self.webState = webState
        webState.addObserver(self)
    }

    public func didFinishNavigation(_ webState: WebState, context: NavigationContext) {
        guard context.hasCommitted else { return }
        guard let service, Self.isVisit(context) else {
            // Another page is shown: its titles are not the recorded page's.
            if !context.isSameDocument { recordedURL = nil }
            return
        }
        if !context.isSameDocument { titleChanges = 0 }
        let referrer = recordedURL
        recordedURL = context.url
        let title = webState.title
        let visit = HistoryAddPageArgs(
            url: context.url, time: now(),
            redirects: context.redirectChain.count > 1 ? context.redirectChain : [],
            transition: context.pageTransition,
            // A same-document navigation sets no title of its own: the page keeps its.
            title: context.isSameDocument && !title.isEmpty ? title : nil,
            referrer: context.isRendererInitiated ? referrer : nil)
        if delaysHistoryServiceNotification {
            delayedVisits.append(visit)
        } else {
            service.addPage(visit)
        }
    }

    public func titleWasSet(_ webState: WebState) {
        guard let service, !delaysHistoryServiceNotification, let recordedURL,
            webState.lastCommittedURL == recordedURL,
            titleChanges < Self.maxTitleChanges
        else { return }
        let title = webState.title
        guard !title.isEmpty else { return }
        titleChanges += 1
        service.setPageTitle(title, for: recordedURL)
    }

    public func webStateDestroyed(_ webState: WebState) {
        webState.removeObserver(self)
    }

    /// Whether the navigation of `context`, committed, is a visit the history keeps.
    static func isVisit(_ context: NavigationContext) -> Bool {
        context.error == nil && !context.isDownload && !context.isRestore
            && context.url.scheme.map { recordedSchemes.contains($0.lowercased()) } == true
    }
}
