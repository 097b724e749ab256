public import Web

/// What a navigation action WebKit asks a policy for is (WebKit's `WebKitNavigationType`), which
/// says how a navigation the page started came about.
public enum NavigationActionType: Sendable, Equatable {
    /// `WEBKIT_NAVIGATION_TYPE_LINK_CLICKED`.
    case linkClicked
    /// `WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED`.
    case formSubmitted
    /// `WEBKIT_NAVIGATION_TYPE_BACK_FORWARD`.
    case backForward
    /// `WEBKIT_NAVIGATION_TYPE_RELOAD`.
    case reload
    /// `WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED`.
    case formResubmitted
    /// `WEBKIT_NAVIGATION_TYPE_OTHER`: a script's (in answer to the user's click or key when
    /// `userGesture`), a meta refresh, or the API's.
    case other(userGesture: Bool)

    /// The transition of a navigation the page started this way, as Chromium marks it
    /// (`content/renderer/render_frame_impl.cc`, `third_party/blink`'s client redirects): a
    /// script's navigation is a link, and one the user did not ask for (a script on a timer
    /// or at load, a meta refresh) a client redirect.
    public var pageTransition: PageTransition {
        switch self {
        case .other(userGesture: false): PageTransition.link.adding(.clientRedirect)
        case .linkClicked, .other: .link
        case .formSubmitted, .formResubmitted: .formSubmit
        case .backForward: PageTransition.link.adding(.forwardBack)
        case .reload: .reload
        }
    }
}
