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
    /// `WEBKIT_NAVIGATION_TYPE_OTHER`: a script's, or the API's.
    case other

    /// The transition of a navigation the page started this way, as Chromium's renderer
    /// marks it (`content/renderer/render_frame_impl.cc`): a script's navigation is a link.
    public var pageTransition: PageTransition {
        switch self {
        case .linkClicked, .other: .link
        case .formSubmitted, .formResubmitted: .formSubmit
        case .backForward: PageTransition.link.adding(.forwardBack)
        case .reload: .reload
        }
    }
}
