public import Web

/// What a ``WebKitNavigationMachine`` asks its web content to do.
public enum WebKitNavigationOutput: Sendable, Equatable {
    /// Report `event` to the content's delegate.
    case event(WebContentEvent)
    /// Show an error page for `error` in place of the page at `uri` (WebKit's
    /// `load_alternate_html`); its own load signals are not reported.
    case showErrorPage(WebLoadError, uri: String)
    /// Deliver ``WebKitSignal/completionDue`` from an idle callback of the main loop.
    case scheduleCompletion
    /// Drop the idle callback of ``scheduleCompletion``, if any is still pending.
    case cancelCompletion
    /// The back-forward list may have changed: a cached copy must be read again.
    case historyChanged
}
