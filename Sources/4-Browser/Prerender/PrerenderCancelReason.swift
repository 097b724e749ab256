/// Why a prerender ended without being shown (after the final statuses of Chromium's
/// `ios/chrome/browser/prerender/model/preload_controller.mm`).
public enum PrerenderCancelReason: Sendable, Equatable {
    /// The default match became another page (or no page).
    case otherMatch
    /// The location bar lost the focus, or its dropdown closed.
    case locationBarClosed
    /// Enter opened something else, or the tab it was cloned from is not the active one.
    case notUsed
    /// The page opened a JavaScript dialog.
    case javaScriptDialog
    /// The server asked for credentials.
    case authentication
    /// The page opened a window (`window.open`), or tried to.
    case popup
    /// The response is a download, or not a web page the tab should show unasked.
    case notAWebPage
    /// The page's web process ended.
    case renderProcessGone
    /// The system is short of memory.
    case memoryPressure
    /// ``PrerenderPrefs/enabled`` was turned off.
    case disabled
    /// The profile is being torn down.
    case shutdown
}
