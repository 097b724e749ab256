import CWebKitGTK

/// The user script behind ``ErrorPage``'s buttons. It lives in the script world of
/// ``FormInteractionScript`` (pages' own scripts neither see it nor its message handler), runs
/// in main frames only, and posts "<token> <action>" for a click on an element with
/// `data-swiftlet-action` in a document whose root carries `data-swiftlet-error-page`. The
/// content acts on it only when the token is the one of the error page it shows
/// (``WebKitWebContent/errorPageMessage(_:)``): a fresh random one per page, which only the
/// page's own document (of the failed URL's origin) can read.
///
/// A script, not the page's own: `location.reload()` does not reload a failed load's
/// alternate HTML, and a link to the failed URL would be a same-document navigation when that
/// URL has a fragment.
enum ErrorPageScript {
    /// The message handler's name (`window.webkit.messageHandlers.<name>`).
    static let handlerName = "errorPage"

    static let source = """
        (function () {
            document.addEventListener('click', function (event) {
                var root = document.documentElement;
                if (!root || !event.target || !event.target.closest) { return; }
                var token = root.getAttribute('data-swiftlet-error-page');
                var button = event.target.closest('[data-swiftlet-action]');
                if (!token || !button) { return; }
                event.preventDefault();
                window.webkit.messageHandlers.\(handlerName).postMessage(
                    token + ' ' + button.getAttribute('data-swiftlet-action'));
            }, true);
        })();
        """

    /// Adds the script and registers its handler in `manager`. The caller connects
    /// `script-message-received::<handlerName>` first, as WebKit recommends.
    static func install(in manager: OpaquePointer) {
        let script = webkit_user_script_new_for_world(
            source, WEBKIT_USER_CONTENT_INJECT_TOP_FRAME, WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START,
            FormInteractionScript.worldName, nil, nil)
        webkit_user_content_manager_add_script(manager, script)
        webkit_user_script_unref(script)
        webkit_user_content_manager_register_script_message_handler(
            manager, handlerName, FormInteractionScript.worldName)
    }
}
