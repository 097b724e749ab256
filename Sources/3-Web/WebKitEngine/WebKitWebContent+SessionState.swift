import CWebKitGTK
public import Foundation
public import Web

extension WebKitWebContent {
    /// WebKit's serialized session state (the whole back-forward list).
    public func sessionStateData() -> Data? {
        guard let view = webViewPointer, let state = webkit_web_view_get_session_state(view) else {
            return nil
        }
        defer { webkit_web_view_session_state_unref(state) }
        guard let bytes = webkit_web_view_session_state_serialize(state) else { return nil }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size), size > 0 else { return nil }
        return Data(bytes: data, count: Int(size))
    }

    /// Restores a tab and loads its committed entry. From `sessionState`, WebKit's own blob,
    /// when WebKit can read it; else from `history`, written in WebKit's session state
    /// format (``SessionStateBuilder``), which brings the entries back with their URLs and
    /// titles (not their scroll positions, form contents or history state objects). Should
    /// WebKit reject that too (a format change), only the committed entry is loaded: WebKit
    /// has no other way to add back-forward items. Returns false when there is nothing to
    /// restore.
    @discardableResult
    public func restore(sessionState: Data?, history: NavigationHistory, loadCommittedEntry: Bool) -> Bool {
        guard webViewPointer != nil else { return false }
        if let sessionState,
            restoreNativeState(sessionState, timestampsFrom: history, load: loadCommittedEntry)
        {
            return true
        }
        if let rebuilt = SessionStateBuilder.sessionState(for: history),
            restoreNativeState(rebuilt, timestampsFrom: history, load: loadCommittedEntry)
        {
            return true
        }
        guard let item = history.lastCommittedItem else { return false }
        // Without a session state WebKit has no entry until something loads.
        if loadCommittedEntry, let view = webViewPointer {
            navigation.handle(.sessionRestored(loadsCurrentItem: true))
            webkit_web_view_load_uri(view, item.url.absoluteString)
        }
        return true
    }

    /// Restores WebKit's serialized state and loads its current entry; false if WebKit
    /// cannot read it or it has no current entry. The entries keep the timestamps of
    /// `history` when it describes the same list.
    func restoreNativeState(
        _ data: Data, timestampsFrom history: NavigationHistory, load: Bool
    ) -> Bool {
        guard let view = webViewPointer, !data.isEmpty else { return false }
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let state = webkit_web_view_session_state_new(bytes)
        g_bytes_unref(bytes)
        guard let state else { return false }
        webkit_web_view_restore_session_state(view, state)
        webkit_web_view_session_state_unref(state)
        let list = webkit_web_view_get_back_forward_list(view)
        guard let current = webkit_back_forward_list_get_current_item(list) else { return false }
        let restored = readHistory()
        // A blob is a file anyone can write: one whose entries a restore must not load is not
        // used (NavigationItem.isRestorable); the history's own entries replace it.
        guard restored.items.allSatisfy(\.isRestorable) else { return false }
        if restored.items.map(\.url) == history.items.map(\.url) {
            for (index, item) in history.items.enumerated() {
                let offset = Int32(index - restored.lastCommittedItemIndex)
                if let listItem = webkit_back_forward_list_get_nth_item(list, offset) {
                    Self.setTimestamp(item.timestamp, of: listItem)
                }
            }
        }
        navigation.handle(.sessionRestored(loadsCurrentItem: load))
        if load { webkit_web_view_go_to_back_forward_list_item(view, current) }
        return true
    }
}
