import CWebKitGTK
import Foundation
import GLibSupport
import Web
import WebKitNavigation

// WebKit's questions to the content: whether a navigation or a response goes on
// ("decide-policy"), and which view a new window gets ("create").
extension WebKitWebContent {
    func decidePolicy(_ args: SignalArguments) {
        guard let decision = args.object(at: 1) else { return }
        let type = WebKitPolicyDecisionType(UInt32(args.enumValue(at: 2)))
        switch type {
        case WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION, WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION:
            guard let delegate,
                let action = webkit_navigation_policy_decision_get_navigation_action(OpaquePointer(decision)),
                let request = webkit_navigation_action_get_request(action),
                let url = webkit_uri_request_get_uri(request).flatMap({ URL(string: String(cString: $0)) })
            else { return }
            let isUserGesture = webkit_navigation_action_is_user_gesture(action) != 0
            // WebKitGTK does not say which frame a navigation targets; requests are reported
            // as main-frame ones.
            let navigationRequest = NavigationRequest(
                url: url, isMainFrame: true,
                isUserInitiated: isUserGesture || navigation.isAPINavigationPending,
                httpMethod: webkit_uri_request_get_http_method(request).map { String(cString: $0) } ?? "GET",
                disposition: isUserGesture ? Self.disposition(of: action) : .currentTab)
            let policyDecision = decision.assumingMemoryBound(to: WebKitPolicyDecision.self)
            // A link the user sent elsewhere (middle button, Ctrl, Shift) does not load here:
            // the delegate opens it, as Chromium's renderer hands such a click to the browser
            // (OpenURLFromTab) instead of navigating.
            if navigationRequest.disposition != .currentTab {
                webkit_policy_decision_ignore(policyDecision)
                args.setReturnValue(true)
                navigation.handle(
                    .navigationPolicyDecided(
                        .cancel, isRedirect: webkit_navigation_action_is_redirect(action) != 0,
                        type: Self.navigationType(of: action), url: url))
                delegate.webContent(self, openURLFor: navigationRequest)
                return
            }
            let answer = delegate.webContent(self, decidePolicyFor: navigationRequest)
            if answer == .cancel {
                webkit_policy_decision_ignore(policyDecision)
                args.setReturnValue(true)
            } else if type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION {
                webkit_policy_decision_use(policyDecision)
                args.setReturnValue(true)
            }
            // An allowed new-window request goes to WebKit's default handling.
            navigation.handle(
                .navigationPolicyDecided(
                    answer, isRedirect: webkit_navigation_action_is_redirect(action) != 0,
                    type: Self.navigationType(of: action), url: url))
        case WEBKIT_POLICY_DECISION_TYPE_RESPONSE:
            let response = OpaquePointer(decision)
            if webkit_response_policy_decision_is_main_frame_main_resource(response) != 0,
                let uriResponse = webkit_response_policy_decision_get_response(response)
            {
                navigation.handle(
                    .mainFrameResponse(status: Int(webkit_uri_response_get_status_code(uriResponse))))
                if let delegate,
                    let url = webkit_uri_response_get_uri(uriResponse).flatMap({
                        URL(string: String(cString: $0))
                    })
                {
                    let answer = delegate.webContent(
                        self,
                        decidePolicyForResponse: NavigationResponse(
                            url: url,
                            mimeType: webkit_uri_response_get_mime_type(uriResponse).map {
                                String(cString: $0).lowercased()
                            } ?? "",
                            canShowMIMEType: webkit_response_policy_decision_is_mime_type_supported(response)
                                != 0))
                    if answer == .cancel {
                        webkit_policy_decision_ignore(
                            decision.assumingMemoryBound(to: WebKitPolicyDecision.self))
                        args.setReturnValue(true)
                        return
                    }
                }
            }
            // A response the view cannot show is saved instead (an attachment already is, by
            // WebKit's default handling).
            if webkit_response_policy_decision_is_mime_type_supported(response) == 0 {
                webkit_policy_decision_download(decision.assumingMemoryBound(to: WebKitPolicyDecision.self))
                args.setReturnValue(true)
            }
        default:
            break
        }
    }

    /// What WebKit says `action` is.
    static func navigationType(of action: OpaquePointer) -> NavigationActionType {
        switch webkit_navigation_action_get_navigation_type(action) {
        case WEBKIT_NAVIGATION_TYPE_LINK_CLICKED: .linkClicked
        case WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED: .formSubmitted
        case WEBKIT_NAVIGATION_TYPE_BACK_FORWARD: .backForward
        case WEBKIT_NAVIGATION_TYPE_RELOAD: .reload
        case WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED: .formResubmitted
        default: .other(userGesture: webkit_navigation_action_is_user_gesture(action) != 0)
        }
    }

    /// Where the click behind a link's navigation `action` asks it to open; any other
    /// navigation stays in the tab.
    static func disposition(of action: OpaquePointer) -> WindowOpenDisposition {
        guard webkit_navigation_action_get_navigation_type(action) == WEBKIT_NAVIGATION_TYPE_LINK_CLICKED
        else { return .currentTab }
        let modifiers = webkit_navigation_action_get_modifiers(action)
        return WindowOpenDisposition(
            clickWithMiddleButton: webkit_navigation_action_get_mouse_button(action)
                == UInt32(GDK_BUTTON_MIDDLE),
            ctrl: modifiers & GDK_CONTROL_MASK.rawValue != 0,
            shift: modifiers & GDK_SHIFT_MASK.rawValue != 0)
    }

    /// WebKit's "create": returns the delegate's new content's view, or NULL to refuse.
    func createNewWindow(_ args: SignalArguments) {
        args.setReturnValue(object: nil)
        guard let delegate, let action = args.boxed(at: 1).map(OpaquePointer.init)
        else { return }
        let url = webkit_navigation_action_get_request(action)
            .flatMap { webkit_uri_request_get_uri($0) }
            .flatMap { URL(string: String(cString: $0)) }
        let request = NewWebContentRequest(
            url: url, openerURL: lastCommittedURL,
            isUserGesture: webkit_navigation_action_is_user_gesture(action) != 0)
        guard let child = delegate.webContent(self, createNewContentFor: request) else { return }
        guard let child = child as? WebKitWebContent, let view = child.webView, child.context === context
        else {
            preconditionFailure(
                "WebKitWebContent: a new window's content must come from makeRelatedContent()")
        }
        args.setReturnValue(object: view.pointer)
        // g_signal_emit hands WebKit a reference of its own, which it never drops: it expects
        // a new floating widget, whose floating reference a container sinks later. The child
        // holds the view already, so that reference is given back here.
        g_object_unref(view.pointer)
    }
}
