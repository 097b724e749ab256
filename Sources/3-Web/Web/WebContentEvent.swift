public import Foundation

/// Events a ``WebContent`` reports to its ``WebContentDelegate`` (its ``WebState``).
public enum WebContentEvent: Sendable, Equatable {
    /// A navigation started.
    case didStartNavigation(NavigationContext)
    /// A navigation was redirected.
    case didRedirectNavigation(NavigationContext)
    /// A navigation finished (committed, failed or was cancelled).
    case didFinishNavigation(NavigationContext)
    /// The content started loading.
    case didStartLoading
    /// The content stopped loading.
    case didStopLoading
    /// The page finished loading, or failed to.
    case pageLoaded(PageLoadCompletionStatus)
    /// The estimated load progress changed (0...1).
    case loadProgressChanged(Double)
    /// The back-forward list or the committed index changed.
    case backForwardStateChanged
    case titleChanged
    /// The security state of the committed page changed (``WebContent/sslStatus``).
    case visibleSecurityStateChanged
    /// The favicon changed: its URL, and the image (``WebContent/favicon``) with it.
    case faviconURLChanged(URL?)
    /// The web process went away (crash or termination).
    case renderProcessGone
    /// The pointer moved onto a link (its URL) or off every link (nil).
    case hoveredLinkChanged(URL?)
    /// The page sent a script command.
    case scriptCommand(ScriptCommand)
    /// The page started or stopped using the camera or the microphone
    /// (``WebContent/mediaCaptureState``).
    case mediaCaptureStateChanged
}
