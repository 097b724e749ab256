public import Foundation
public import Prefs
public import TabModel
public import UIInterfaces
public import Web

/// Between a window's ``WebStateList`` and its location entry: pushes the active tab's URL,
/// load progress and security to the ``LocationBarConsumer``, and loads what the user typed
/// (``LocationBarCommands``) in the active tab.
///
/// Security: the Web layer reports that a page's security changed but not yet what it is
/// (no TLS state), so the mediator derives it from the URL's scheme: `https` is
/// ``LocationBarSecurity/secure``, `http` ``LocationBarSecurity/notSecure``, anything else
/// ``LocationBarSecurity/none``; ``LocationBarSecurity/certificateError`` is never pushed
/// until the Web layer has the state.
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

    /// The security the location bar shows for `url`.
    public static func security(for url: URL?) -> LocationBarSecurity {
        switch url?.scheme?.lowercased() {
        case "https": .secure
        case "http": .notSecure
        default: .none
        }
    }

    private var activeWebState: WebState? { webStateList.isDestroyed ? nil : webStateList.activeWebState }

    private func push() {
        guard let consumer else { return }
        let webState = activeWebState
        let urlText = webState?.visibleURL?.absoluteString ?? ""
        if lastURLText != urlText {
            lastURLText = urlText
            consumer.setURLText(urlText)
        }
        let progress: Double? = webState.flatMap { $0.isLoading ? $0.loadingProgress : nil }
        if lastProgress != .some(progress) {
            lastProgress = .some(progress)
            consumer.setLoadProgress(progress)
        }
        let security = Self.security(for: webState?.visibleURL)
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

    /// Loads `text` in the active tab: the URL it is, or a search for it. Empty text, or no
    /// active tab, does nothing.
    public func loadUserInput(_ text: String) {
        state.check(#function)
        let classifier = LocationInputClassifier(
            searchURLTemplate: prefService.string(SearchEnginePrefs.searchURL))
        guard let webState = activeWebState, let url = classifier.url(for: text) else { return }
        webState.load(url)
    }
}
