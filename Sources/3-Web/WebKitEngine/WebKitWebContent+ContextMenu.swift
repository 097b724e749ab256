import CWebKitGTK
import Foundation
import GLibSupport
import Web

// The page's context menu: WebKit's "context-menu" gives the menu it would show and a hit
// test of what is under the pointer. The delegate builds the browser's menu from plain
// values (``ContextMenuParams``); WebKit's items are replaced by the delegate's, which
// WebKit then shows as it shows its own (a popover at the pointer, keyboard navigation
// included). An entry that only the engine can carry out (copy the selection or an image,
// inspect the node under the pointer) is WebKit's stock action; the others are actions of
// ours that call the delegate's handlers. GNOME Web builds its menu the same way
// (`populate_context_menu` in Epiphany's `ephy-window.c`).
extension WebKitWebContent {
    func connectContextMenu(_ view: GObjectRef) {
        connections.append(
            SignalConnection.connect(view.pointer, signal: "context-menu") { [weak self] args in
                if let self, !self.isClosed { self.contextMenu(args) }
            })
        guard let manager = userContentManager else { return }
        connections.append(
            SignalConnection.connect(
                manager.pointer, signal: "script-message-received::\(SelectionScript.handlerName)"
            ) { [weak self] args in
                guard let self, !self.isClosed, let value = args.object(at: 1) else { return }
                let text = jsc_value_to_string(OpaquePointer(value))
                self.selectionText = text.map { String(cString: $0) } ?? ""
                g_free(text)
            })
        SelectionScript.install(in: manager.opaque)
    }

    /// What `result`, WebKit's hit test under the pointer, says the menu is opened on.
    func contextMenuParams(_ result: OpaquePointer) -> ContextMenuParams {
        func url(_ string: UnsafePointer<CChar>?) -> URL? {
            string.flatMap { URL(string: String(cString: $0)) }
        }
        let isLink = webkit_hit_test_result_context_is_link(result) != 0
        let linkText =
            isLink
            ? (webkit_hit_test_result_get_link_label(result) ?? webkit_hit_test_result_get_link_title(result))
            : nil
        return ContextMenuParams(
            pageURL: lastCommittedURL,
            linkURL: isLink ? url(webkit_hit_test_result_get_link_uri(result)) : nil,
            linkText: linkText.map { String(cString: $0) },
            imageURL: webkit_hit_test_result_context_is_image(result) != 0
                ? url(webkit_hit_test_result_get_image_uri(result)) : nil,
            selectionText: webkit_hit_test_result_context_is_selection(result) != 0 ? selectionText : "",
            isEditable: webkit_hit_test_result_context_is_editable(result) != 0)
    }

    /// Replaces WebKit's menu by the delegate's; leaves it when the delegate has none.
    private func contextMenu(_ args: SignalArguments) {
        guard let delegate, let menu = args.object(at: 1).map(OpaquePointer.init),
            let result = args.object(at: 2).map(OpaquePointer.init)
        else { return }
        let params = contextMenuParams(result)
        guard let sections = delegate.webContent(self, contextMenuFor: params) else { return }
        // The actions of the previous menu go (WebKit dropped that menu when it closed).
        for connection in contextMenuConnections { connection.cancel() }
        contextMenuConnections.removeAll()
        webkit_context_menu_remove_all(menu)
        for section in sections where !section.isEmpty {
            if webkit_context_menu_get_n_items(menu) > 0 {
                webkit_context_menu_append(menu, webkit_context_menu_item_new_separator())
            }
            for item in section { webkit_context_menu_append(menu, menuItem(item)) }
        }
        args.setReturnValue(false)  // WebKit shows the menu
    }

    /// A WebKit menu item for `item`: a stock action, or a `GAction` of ours (named apart:
    /// WebKit puts every item's action in one action group).
    private func menuItem(_ item: ContextMenuItem) -> OpaquePointer {
        switch item.action {
        case .engine(let action):
            return webkit_context_menu_item_new_from_stock_action_with_label(
                Self.stockAction(action), item.title)
        case .perform(let handler):
            let name = "swiftlet-context-menu-\(contextMenuConnections.count)"
            let action = g_simple_action_new(name, nil)!
            g_simple_action_set_enabled(action, item.isEnabled ? 1 : 0)
            contextMenuConnections.append(
                SignalConnection.connect(UnsafeMutableRawPointer(action), signal: "activate") { _ in handler()
                })
            let menuItem = webkit_context_menu_item_new_from_gaction(action, item.title, nil)!
            g_object_unref(UnsafeMutableRawPointer(action))  // the item holds it
            return menuItem
        }
    }

    /// WebKit's stock action for `action`.
    static func stockAction(_ action: ContextMenuItem.EngineAction) -> WebKitContextMenuAction {
        switch action {
        case .copy: WEBKIT_CONTEXT_MENU_ACTION_COPY
        case .cut: WEBKIT_CONTEXT_MENU_ACTION_CUT
        case .paste: WEBKIT_CONTEXT_MENU_ACTION_PASTE
        case .selectAll: WEBKIT_CONTEXT_MENU_ACTION_SELECT_ALL
        case .copyLinkAddress: WEBKIT_CONTEXT_MENU_ACTION_COPY_LINK_TO_CLIPBOARD
        case .copyImage: WEBKIT_CONTEXT_MENU_ACTION_COPY_IMAGE_TO_CLIPBOARD
        case .copyImageAddress: WEBKIT_CONTEXT_MENU_ACTION_COPY_IMAGE_URL_TO_CLIPBOARD
        case .inspectElement: WEBKIT_CONTEXT_MENU_ACTION_INSPECT_ELEMENT
        }
    }
}
