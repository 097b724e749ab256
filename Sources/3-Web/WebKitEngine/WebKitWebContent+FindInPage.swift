import CWebKitGTK
public import Web

extension WebKitWebContent {
    /// A find-in-page controller over WebKit's find controller for this view.
    public func makeFindInPageController() -> any FindInPageController { makeWebKitFindInPageController() }

    /// A find-in-page controller, typed as the WebKit one.
    public func makeWebKitFindInPageController() -> WebKitFindInPageController {
        guard let view = webViewPointer else { preconditionFailure("WebKitWebContent: used after close()") }
        return WebKitFindInPageController(findController: webkit_web_view_get_find_controller(view)!)
    }
}
