public import Foundation
public import Web

/// The navigation state of a WebKitGTK web view: turns the view's signals
/// (``WebKitSignal``) into ``WebContentEvent``s, in the order WebState observers expect
/// (start loading, start navigation, progress, [redirect], finish navigation at commit,
/// back-forward state, title, progress 1, stop loading, page loaded); a title can also
/// arrive after the load finished, when WebKit parses it late.
///
/// A load that fails before committing (unreachable host, TLS, ...) finishes its
/// navigation with the error, then asks for an error page in its place, whose own load
/// signals are not reported. A committed page with an HTTP error status is a failed load
/// too (``WebLoadError/Kind/httpStatus(_:)``), showing the server's page. A cancellation
/// after commit does not fail the load. Same-document navigations (fragments, the History
/// API), for which WebKit reports no load signals, are reported as committed same-document
/// navigations when the URI changes while nothing loads.
///
/// It knows nothing of GTK or WebKit: its outputs (``WebKitNavigationOutput``) go to the
/// `output` closure as they are decided, so that what a receiver does in between (close
/// the content, start a new navigation) is seen by the rest of the signal's handling.
@MainActor
public final class WebKitNavigationMachine {
    private enum ErrorPageState {
        case none
        /// An error page was asked for a failed load; its load has not started yet.
        case expected
        /// The error page is loading.
        case loading
    }

    /// A finished load whose last events wait for an idle moment (see ``loadFinished()``).
    private struct PendingCompletion {
        var failure: WebLoadError?
    }

    private let view: any WebViewProperties
    private let newNavigationID: @MainActor () -> Int64
    private let output: @MainActor (WebKitNavigationOutput) -> Void

    private var navigation: NavigationContext?
    private var loading = false
    private var reportedProgress = 0.0
    private var reportedTitle = ""
    private var pendingFailure: WebLoadError?
    private var mainResponseStatus: Int?
    private var tlsFailurePending: CertificateStatus?
    /// The status an error page asked for will have when it commits.
    private var errorPageSSLStatus = SSLStatus.unknown
    private var errorPage = ErrorPageState.none
    private var apiNavigationPending = false
    /// How the next navigation to start came about: the API's call, or the page's action
    /// WebKit asked a policy for.
    private var pendingTransition: PageTransition?
    /// Whether the next navigation to start loads a restored entry.
    private var pendingRestore = false
    /// The URL the page's next navigation requests: WebKit has not changed the view's URI yet
    /// when such a navigation starts.
    private var pendingRequestURL: URL?
    private var historyChangedSinceReport = false
    private var committedURL: URL?
    private var pendingCompletion: PendingCompletion?

    /// Whether the web process went away and nothing committed since.
    public private(set) var isCrashed = false
    /// The favicon URL of the page, if WebKit found one.
    public private(set) var faviconURL: URL?
    /// The security of the committed page's connection (an error page for a refused
    /// certificate: ``SSLStatus/SecurityStyle/authenticationBroken``).
    public private(set) var sslStatus = SSLStatus.unknown

    /// A machine reading `view`, numbering navigations with `newNavigationID` and sending
    /// what it decides to `output`.
    public init(
        view: any WebViewProperties, newNavigationID: @escaping @MainActor () -> Int64,
        output: @escaping @MainActor (WebKitNavigationOutput) -> Void
    ) {
        self.view = view
        self.newNavigationID = newNavigationID
        self.output = output
    }

    /// Whether a load is under way (between didStartLoading and didStopLoading).
    public var isLoading: Bool { loading }

    /// Whether the load under way is an error page asked for by
    /// ``WebKitNavigationOutput/showErrorPage(_:uri:)``.
    public var isLoadingErrorPage: Bool { errorPage != .none }

    /// The URL of the committed page (an error page commits under the URL that failed).
    public var lastCommittedURL: URL? { committedURL }

    /// Whether a navigation the content's API started has not reached WebKit's policy
    /// decision or load start yet: its navigation action counts as the user's.
    public var isAPINavigationPending: Bool { apiNavigationPending }

    /// Handles one signal; outputs go to the `output` closure before this returns.
    public func handle(_ signal: WebKitSignal) {
        switch signal {
        case .loadStarted: loadStarted()
        case .loadRedirected: loadRedirected()
        case .loadCommitted: loadCommitted()
        case .loadFinished: loadFinished()
        case .loadFailed(let error, let uri): loadFailed(error, uri: uri)
        case .loadFailedWithTLSErrors(let errors): tlsFailurePending = errors
        case .titleChanged: reportTitleIfChanged()
        case .estimatedProgressChanged: reportProgressIfChanged()
        case .uriChanged: uriChanged()
        case .faviconChanged(let url): faviconChanged(url)
        case .backForwardListChanged: backForwardListChanged()
        case .navigationPolicyDecided(let decision, let isRedirect, let type, let url):
            navigationPolicyDecided(decision, isRedirect: isRedirect, type: type, url: url)
        case .mainFrameResponse(let status): mainResponseStatus = status
        case .webProcessTerminated: webProcessTerminated()
        case .completionDue: completeLoad()
        case .apiNavigationStarted(let transition):
            // A navigation asked for through the API supersedes an error page still to load.
            apiNavigationPending = true
            pendingTransition = transition
            pendingRestore = false
            pendingRequestURL = nil
            errorPage = .none
        case .sessionRestored(let loadsCurrentItem): sessionRestored(loadsCurrentItem: loadsCurrentItem)
        }
    }

    private func report(_ event: WebContentEvent) { output(.event(event)) }

    /// A navigation the page started takes its transition and URL from its action; the API's
    /// keeps the one the call gave. WebKitGTK does not say which frame an action targets: a
    /// subframe's stands until the next main-frame action or API call replaces it, which every
    /// main-frame navigation has before it starts; one of a subframe that came in between (a
    /// frame of the old page starting to load in that moment) would be taken for the main
    /// frame's until its commit, which reads the view's URI again.
    private func navigationPolicyDecided(
        _ decision: PolicyDecision, isRedirect: Bool, type: NavigationActionType, url: URL?
    ) {
        guard !isRedirect else { return }
        if decision == .cancel {
            if apiNavigationPending {
                apiNavigationPending = false
                pendingTransition = nil
                pendingRestore = false
            }
            return
        }
        guard !apiNavigationPending else { return }
        pendingTransition = type.pageTransition
        pendingRequestURL = url
    }

    private func loadStarted() {
        switch errorPage {
        case .expected:
            errorPage = .loading
            return
        case .loading:
            return
        case .none:
            break
        }
        completeLoad()
        pendingFailure = nil
        tlsFailurePending = nil
        mainResponseStatus = nil
        let requested = apiNavigationPending ? nil : pendingRequestURL
        let context = NavigationContext(
            navigationID: newNavigationID(), url: requested ?? view.uri ?? URL(string: "about:blank")!,
            pageTransition: pendingTransition ?? .link, isRestore: pendingRestore,
            isRendererInitiated: !apiNavigationPending)
        apiNavigationPending = false
        pendingTransition = nil
        pendingRestore = false
        pendingRequestURL = nil
        navigation = context
        if !loading {
            loading = true
            report(.didStartLoading)
        }
        reportedProgress = 0
        report(.didStartNavigation(context))
        reportProgressIfChanged()
    }

    private func loadRedirected() {
        guard errorPage == .none, var context = navigation else { return }
        context.redirect(to: view.uri ?? context.url)
        navigation = context
        report(.didRedirectNavigation(context))
    }

    private func loadCommitted() {
        committedURL = view.uri
        output(.historyChanged)
        if errorPage != .none {
            setSSLStatus(errorPageSSLStatus)
            return
        }
        guard var context = navigation else { return }
        if let uri = view.uri, uri != context.url {
            context.url = uri
            context.redirectChain[context.redirectChain.count - 1] = uri
        }
        context.hasCommitted = true
        let status = mainResponseStatus ?? view.mainResourceStatus
        if let status, status > 0 {
            context.httpStatusCode = status
            if status >= 400 {
                let error = WebLoadError.httpStatus(status, url: context.url)
                context.error = error
                pendingFailure = error
            }
        }
        navigation = context
        isCrashed = false
        report(.didFinishNavigation(context))
        setSSLStatus(.committed(url: context.url, certificateErrors: view.certificateErrors))
        historyChangedSinceReport = false
        report(.backForwardStateChanged)
        reportTitleIfChanged()
    }

    private func loadFinished() {
        switch errorPage {
        case .loading:
            errorPage = .none
            flushHistoryChange()
            reportTitleIfChanged()
            return
        case .expected, .none:
            break
        }
        guard loading, pendingCompletion == nil else { return }
        let failure = pendingFailure
        navigation = nil
        pendingFailure = nil
        // WebKit often sets the title just after FINISHED (the messages arrive together);
        // completing from an idle callback lets that title be reported before the load
        // ends, the order observers expect. A new navigation or a crash completes it first.
        pendingCompletion = PendingCompletion(failure: failure)
        output(.scheduleCompletion)
    }

    private func completeLoad() {
        guard let completion = pendingCompletion else { return }
        pendingCompletion = nil
        output(.cancelCompletion)
        reportTitleIfChanged()
        if reportedProgress < 1 {
            reportedProgress = 1
            report(.loadProgressChanged(1))
        }
        loading = false
        report(.didStopLoading)
        report(.pageLoaded(completion.failure.map { .failure($0) } ?? .success))
        if errorPage == .none { flushHistoryChange() }
    }

    private func loadFailed(_ mappedError: WebLoadError?, uri: String?) {
        if errorPage == .loading {
            errorPage = .none  // the error page itself was interrupted
            return
        }
        guard loading, var error = mappedError else { return }
        let certificateErrors = tlsFailurePending
        if certificateErrors != nil { error.kind = .tls }
        tlsFailurePending = nil
        // WebKit cancels a committed history load of a page no cache may keep (`no-store`)
        // and goes on loading it; a stop after commit also leaves the page shown. A
        // cancellation after commit therefore does not make the page load a failure.
        if error.kind == .cancelled, navigation?.hasCommitted == true { return }
        pendingFailure = error
        guard var context = navigation, !context.hasCommitted else { return }
        context.error = error
        navigation = context
        report(.didFinishNavigation(context))
        if error.kind != .cancelled, let uri {
            errorPage = .expected
            errorPageSSLStatus =
                certificateErrors.map {
                    SSLStatus(securityStyle: .authenticationBroken, certificateStatus: $0)
                }
                ?? .unknown
            output(.showErrorPage(error, uri: uri))
        }
    }

    private func reportProgressIfChanged() {
        guard loading, errorPage == .none else { return }
        let progress = view.estimatedProgress
        guard progress > reportedProgress else { return }
        reportedProgress = progress
        report(.loadProgressChanged(progress))
    }

    private func reportTitleIfChanged() {
        let current = view.title
        guard current != reportedTitle else { return }
        reportedTitle = current
        output(.historyChanged)
        report(.titleChanged)
    }

    /// WebKit reports no load signals for same-document navigations (fragments, the History
    /// API): the URI changes while nothing loads. Reported as a committed same-document
    /// navigation, as Chromium does.
    private func uriChanged() {
        guard !loading, errorPage == .none, !apiNavigationPending, !view.isLoading, let uri = view.uri,
            uri != committedURL, committedURL != nil
        else { return }
        committedURL = uri
        output(.historyChanged)
        var context = NavigationContext(
            navigationID: newNavigationID(), url: uri, isSameDocument: true, isRendererInitiated: true)
        report(.didStartNavigation(context))
        context.hasCommitted = true
        report(.didFinishNavigation(context))
        historyChangedSinceReport = false
        report(.backForwardStateChanged)
    }

    private func setSSLStatus(_ status: SSLStatus) {
        guard status != sslStatus else { return }
        sslStatus = status
        report(.visibleSecurityStateChanged)
    }

    /// The image changed ("notify::favicon" comes only then), under the same URL or not: a
    /// page that replaces its icon's file keeps its URL. Only "none" after "none" is no news.
    private func faviconChanged(_ url: URL?) {
        guard url != nil || faviconURL != nil else { return }
        faviconURL = url
        report(.faviconURLChanged(url))
    }

    private func backForwardListChanged() {
        output(.historyChanged)
        historyChangedSinceReport = true
        if !loading && !apiNavigationPending && errorPage == .none { flushHistoryChange() }
    }

    private func flushHistoryChange() {
        guard historyChangedSinceReport else { return }
        historyChangedSinceReport = false
        report(.backForwardStateChanged)
    }

    private func webProcessTerminated() {
        completeLoad()
        isCrashed = true
        apiNavigationPending = false
        pendingTransition = nil
        pendingRestore = false
        if loading {
            let error = WebLoadError.renderProcessGone(url: navigation?.url ?? view.uri)
            if var context = navigation, !context.hasCommitted {
                context.error = error
                report(.didFinishNavigation(context))
            }
            navigation = nil
            pendingFailure = nil
            errorPage = .none
            loading = false
            report(.didStopLoading)
            report(.pageLoaded(.failure(error)))
        }
        report(.renderProcessGone)
    }

    private func sessionRestored(loadsCurrentItem: Bool) {
        output(.historyChanged)
        setSSLStatus(.unknown)
        guard loadsCurrentItem else { return report(.backForwardStateChanged) }
        apiNavigationPending = true
        pendingTransition = .reload
        pendingRestore = true
    }
}
