public import Foundation
public import Web

/// One input of a ``WebKitNavigationMachine``: a WebKitGTK signal of the web view (or of its
/// back-forward list), an idle callback the machine asked for, or a call of the content's
/// API, recorded with plain values.
///
/// What a signal handler would read from the view (its URI, title, estimated progress)
/// is not part of the signal: the machine reads it from its ``WebViewProperties`` when it
/// needs it, as a handler does.
public enum WebKitSignal: Sendable, Equatable {
    /// "load-changed" with `WEBKIT_LOAD_STARTED`.
    case loadStarted
    /// "load-changed" with `WEBKIT_LOAD_REDIRECTED`.
    case loadRedirected
    /// "load-changed" with `WEBKIT_LOAD_COMMITTED`.
    case loadCommitted
    /// "load-changed" with `WEBKIT_LOAD_FINISHED`.
    case loadFinished
    /// "load-failed": the error mapped from WebKit's (nil if WebKit gave none; its kind not
    /// yet knowing about an earlier ``loadFailedWithTLSErrors``) and the failing URI.
    case loadFailed(error: WebLoadError?, uri: String?)
    /// "load-failed-with-tls-errors", with what is wrong with the certificate (WebKit
    /// follows it with "load-failed").
    case loadFailedWithTLSErrors(CertificateStatus)
    /// "notify::title".
    case titleChanged
    /// "notify::estimated-load-progress".
    case estimatedProgressChanged
    /// "notify::uri".
    case uriChanged
    /// "notify::favicon" (a new image), with the favicon URL the favicon database gives for
    /// the page; also a committed page's icon cleared (nil).
    case faviconChanged(URL?)
    case backForwardListChanged
    /// "decide-policy" for a navigation or new-window action of type `type` requesting `url`,
    /// once the delegate answered `decision`; `isRedirect` when the action is a redirect.
    case navigationPolicyDecided(PolicyDecision, isRedirect: Bool, type: NavigationActionType, url: URL?)
    /// "decide-policy" for the response of the main frame's main resource.
    case mainFrameResponse(status: Int)
    case webProcessTerminated
    /// The idle callback asked for by ``WebKitNavigationOutput/scheduleCompletion`` ran.
    case completionDue
    /// The content's API started a navigation (load, history move or reload) marked
    /// `transition`.
    case apiNavigationStarted(PageTransition)
    /// A session state was restored into the view; `loadsCurrentItem` when the view is
    /// about to load its current entry (a restore: ``NavigationContext/isRestore``).
    case sessionRestored(loadsCurrentItem: Bool)
}
