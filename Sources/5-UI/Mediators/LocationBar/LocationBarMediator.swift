import Foundation
public import Prefs
public import TabModel
public import UIInterfaces
public import Web

/// Between a window's ``WebStateList`` and its location entry: pushes the active tab's URL,
/// load progress and security to the ``LocationBarConsumer``, and loads what the user typed
/// (``LocationBarCommands``) in the active tab.
///
/// Security comes from the committed page's connection (``WebState/sslStatus``, which the
/// engine reads from TLS, not from the URL's scheme): a trusted certificate is
/// ``LocationBarSecurity/secure``, a certificate with problems (let through, or refused and
/// showing an error page) ``LocationBarSecurity/certificateError``, plain HTTP
/// ``LocationBarSecurity/notSecure``, anything else ``LocationBarSecurity/none``. While
/// another page than the committed one is loading, and for a tab not realized, nothing is
/// shown.
@MainActor
public final class LocationBarMediator: LocationBarCommands, WebStateObserver {
    private let webStateList: WebStateList
    private let prefService: PrefService
    private var state = MediatorState("LocationBarMediator")
    private var observation: ActiveWebStateObservation?
    private var lastURLText: String?
    private var lastProgress: Double??
    private var lastSecurity: LocationBarSecurity?

    /// The location entry; set it to push the state at once. Held weakly.
    public weak var consumer: (any LocationBarConsumer)? {
        didSet {
            state.check("consumer")
            lastURLText = nil
            lastProgress = nil
            lastSecurity = nil
            push()
        }
    }

    /// Starts observing `webStateList`'s active tab. Searches use the template in
    /// `prefService`'s ``SearchEnginePrefs/searchURL`` (read at each search).
    public init(webStateList: WebStateList, prefService: PrefService) {
        self.webStateList = webStateList
        self.prefService = prefService
        observation = ActiveWebStateObservation(list: webStateList, observer: self) { [weak self] in
            self?.push()
        }
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        observation = nil
    }

    /// The security the location bar shows for a page whose connection is `status`.
    public static func security(for status: SSLStatus) -> LocationBarSecurity {
        switch status.securityStyle {
        case .authenticated: .secure
        case .authenticationBroken: .certificateError
        case .unauthenticated: .notSecure
        case .unknown: .none
        }
    }

    /// The security the location bar shows for `webState`: its committed page's while that is
    /// the page shown, nothing while another one loads.
    public static func security(of webState: WebState?) -> LocationBarSecurity {
        guard let webState, let visible = webState.visibleURL, visible == webState.lastCommittedURL else {
            return .none
        }
        return security(for: webState.sslStatus)
    }

    private var activeWebState: WebState? { webStateList.activeWebStateIfAlive }

    /// The entry's text for `url`: none for a blank page, which is what a new tab shows (the
    /// entry then shows its placeholder, as Chromium's omnibox does on a new tab page), and
    /// none while nothing is shown.
    static func urlText(for url: URL?) -> String {
        guard let url, !WebState.isNewTabPageURL(url) else { return "" }
        return url.absoluteString
    }

    private func push() {
        guard let consumer else { return }
        let webState = activeWebState
        let urlText = Self.urlText(for: webState?.visibleURL)
        if lastURLText != urlText {
            lastURLText = urlText
            consumer.setURLText(urlText)
        }
        let progress: Double? = webState.flatMap { $0.isLoading ? $0.loadingProgress : nil }
        if lastProgress != .some(progress) {
            lastProgress = .some(progress)
            consumer.setLoadProgress(progress)
        }
        let security = Self.security(of: webState)
        if lastSecurity != security {
            lastSecurity = security
            consumer.setSecurity(security)
        }
    }

    // MARK: WebStateObserver (the active tab, through the observation)

    /// Pushes the new URL.
    public func didStartNavigation(_ webState: WebState, context: NavigationContext) { push() }
    /// Pushes the new URL.
    public func didRedirectNavigation(_ webState: WebState, context: NavigationContext) { push() }
    /// Pushes the committed URL.
    public func didFinishNavigation(_ webState: WebState, context: NavigationContext) { push() }
    /// Pushes the progress.
    public func didStartLoading(_ webState: WebState) { push() }
    /// Pushes the end of the progress.
    public func didStopLoading(_ webState: WebState) { push() }
    /// Pushes the progress.
    public func loadProgressChanged(_ webState: WebState, progress: Double) { push() }
    /// Pushes the security.
    public func didChangeVisibleSecurityState(_ webState: WebState) { push() }
    /// Pushes the loaded page.
    public func pageLoaded(_ webState: WebState, status: PageLoadCompletionStatus) { push() }
    /// Pushes the realized tab's state.
    public func webStateRealized(_ webState: WebState) { push() }

    // MARK: LocationBarCommands

    /// Loads `text` in the active tab: the URL it is (typed), or a search for it (generated),
    /// both from the location bar, as Chromium's omnibox marks them. Empty text, or no active
    /// tab, does nothing.
    public func loadUserInput(_ text: String) {
        state.check(#function)
        let classifier = LocationInputClassifier(
            searchURLTemplate: prefService.string(SearchEnginePrefs.searchURL))
        guard let webState = activeWebState, let classification = classifier.classify(text) else { return }
        switch classification {
        case .url(let url): webState.load(url, transition: PageTransition.typed.adding(.fromAddressBar))
        case .search(let url):
            webState.load(url, transition: PageTransition.generated.adding(.fromAddressBar))
        }
    }
}
