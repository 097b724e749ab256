import CWebKitGTK

/// The user script behind the selection of ``WebKitWebContent``'s context menu: WebKitGTK's
/// hit test says whether the pointer is over a selection, not what is selected, and its
/// "context-menu" signal must be answered at once. So a script in the isolated world of
/// ``FormInteractionScript`` (the page neither sees nor calls it) posts the selected text
/// whenever the selection changes: a text field's own selection (never a password field's),
/// else the document's, at most ``maxLength`` characters.
enum SelectionScript {
    /// The message handler's name (`window.webkit.messageHandlers.<name>`).
    static let handlerName = "selection"
    /// The most of a selection posted: enough for a search, small enough to post on every
    /// change.
    static let maxLength = 1000

    /// The script's source.
    static let source = """
        (function () {
            var last = '';
            document.addEventListener('selectionchange', function () {
                var text = '';
                var field = document.activeElement;
                if (field && (field.tagName === 'TEXTAREA' || field.tagName === 'INPUT')) {
                    if (field.type !== 'password' && typeof field.selectionStart === 'number') {
                        text = field.value.substring(field.selectionStart, field.selectionEnd);
                    }
                } else {
                    text = String(window.getSelection() || '');
                }
                text = text.substring(0, \(maxLength));
                if (text !== last) {
                    last = text;
                    window.webkit.messageHandlers.\(handlerName).postMessage(text);
                }
            }, true);
        })();
        """

    /// Adds the script and registers its handler in `manager`. The caller connects
    /// `script-message-received::<handlerName>` first, as WebKit recommends.
    static func install(in manager: OpaquePointer) {
        let script = webkit_user_script_new_for_world(
            source, WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES, WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START,
            FormInteractionScript.worldName, nil, nil)
        webkit_user_content_manager_add_script(manager, script)
        webkit_user_script_unref(script)
        webkit_user_content_manager_register_script_message_handler(
            manager, handlerName, FormInteractionScript.worldName)
    }
}
