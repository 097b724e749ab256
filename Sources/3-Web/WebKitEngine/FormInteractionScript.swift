import CWebKitGTK

/// The user script behind ``WebKitWebContent/hadFormInteraction``: WebKitGTK has no API
/// telling whether the user typed into a page, so a script in an isolated world (the page's
/// own scripts neither see nor call it) listens for trusted `input` events on form fields and
/// editable content in every frame and posts one message per document to the view's user
/// content manager.
enum FormInteractionScript {
    /// The script world the script and its message handler live in.
    static let worldName = "swiftlet"
    /// The message handler's name (`window.webkit.messageHandlers.<name>`).
    static let handlerName = "formInteraction"

    /// The script's source.
    static let source = """
        (function () {
            var reported = false;
            document.addEventListener('input', function (event) {
                if (reported || !event.isTrusted || !event.target) { return; }
                var target = event.target;
                var tag = target.tagName;
                if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable) {
                    reported = true;
                    window.webkit.messageHandlers.\(handlerName).postMessage(true);
                }
            }, true);
        })();
        """

    /// Adds the script and registers its handler in `manager`. The caller connects
    /// `script-message-received::<handlerName>` first, as WebKit recommends.
    static func install(in manager: OpaquePointer) {
        let script = webkit_user_script_new_for_world(
            source, WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES, WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START,
            worldName,
            nil, nil)
        webkit_user_content_manager_add_script(manager, script)
        webkit_user_script_unref(script)
        webkit_user_content_manager_register_script_message_handler(manager, handlerName, worldName)
    }
}
