import CWebKitGTK
public import Foundation
public import Web

extension WebKitWebContent {
    /// Starts loading `url` as a new history entry, its navigation marked `transition`.
    public func load(_ url: URL, transition: PageTransition) {
        guard let view = webViewPointer else { preconditionFailure("WebKitWebContent: used after close()") }
        beginAPINavigation(transition)
        webkit_web_view_load_uri(view, url.absoluteString)
    }

    /// Goes to the entry at `index` of ``history``.
    public func goToItem(at index: Int) {
        guard let view = webViewPointer else { preconditionFailure("WebKitWebContent: used after close()") }
        let current = history.lastCommittedItemIndex
        let list = webkit_web_view_get_back_forward_list(view)
        guard let item = webkit_back_forward_list_get_nth_item(list, Int32(index - max(current, 0))) else {
            preconditionFailure("WebKitWebContent: no history item \(index)")
        }
        beginAPINavigation(PageTransition.link.adding(.forwardBack))
        webkit_web_view_go_to_back_forward_list_item(view, item)
    }

    /// Reloads the committed entry; after a web process crash this starts a new one.
    public func reload() {
        guard let view = webViewPointer else { return }
        beginAPINavigation(.reload)
        webkit_web_view_reload(view)
    }

    func beginAPINavigation(_ transition: PageTransition) {
        navigation.handle(.apiNavigationStarted(transition))
    }

    public func stopLoading() {
        guard let view = webViewPointer else { return }
        webkit_web_view_stop_loading(view)
    }

    // MARK: State

    /// The back-forward list as WebKit has it; the committed index is WebKit's current item
    /// (which moves when a history navigation starts).
    public var history: NavigationHistory {
        if let cachedHistory { return cachedHistory }
        let history = readHistory()
        cachedHistory = history
        return history
    }

    func readHistory() -> NavigationHistory {
        guard let view = webViewPointer, let list = webkit_web_view_get_back_forward_list(view) else {
            return .empty
        }
        let length = Int(webkit_back_forward_list_get_length(list))
        guard length > 0 else { return .empty }
        let backList = webkit_back_forward_list_get_back_list(list)
        let backCount = Int(g_list_length(backList))
        g_list_free(backList)
        var items: [NavigationItem] = []
        for offset in -backCount..<(length - backCount) {
            guard let item = webkit_back_forward_list_get_nth_item(list, Int32(offset)) else { continue }
            let uri = webkit_back_forward_list_item_get_uri(item).map { String(cString: $0) } ?? "about:blank"
            let title = webkit_back_forward_list_item_get_title(item).map { String(cString: $0) } ?? ""
            items.append(
                NavigationItem(
                    url: URL(string: uri) ?? URL(string: "about:blank")!,
                    title: title, timestamp: Self.timestamp(of: item)))
        }
        let hasCurrent = webkit_back_forward_list_get_current_item(list) != nil
        return NavigationHistory(
            items: items, lastCommittedItemIndex: hasCurrent ? min(backCount, items.count - 1) : -1)
    }

    /// When WebKit's history item was first seen (kept on the item itself).
    static func timestamp(of item: OpaquePointer) -> Date {
        let object = UnsafeMutableRawPointer(item).assumingMemoryBound(to: GObject.self)
        if let stored = g_object_get_data(object, timestampKey) {
            return Date(timeIntervalSince1970: stored.assumingMemoryBound(to: Double.self).pointee)
        }
        let now = Date()
        setTimestamp(now, of: item)
        return now
    }

    static func setTimestamp(_ date: Date, of item: OpaquePointer) {
        let object = UnsafeMutableRawPointer(item).assumingMemoryBound(to: GObject.self)
        let storage = g_malloc(gsize(MemoryLayout<Double>.size))!
        storage.assumingMemoryBound(to: Double.self).pointee = date.timeIntervalSince1970
        g_object_set_data_full(object, timestampKey, storage, g_free)
    }

    static let timestampKey = "swiftlet-timestamp"

    public var title: String {
        webViewPointer.flatMap { webkit_web_view_get_title($0) }.map { String(cString: $0) } ?? ""
    }

    /// The URL shown to the user: the pending one during a navigation, else the committed one.
    public var visibleURL: URL? { currentURI }

    /// The URL of the committed page (an error page commits under the URL that failed).
    public var lastCommittedURL: URL? { navigation.lastCommittedURL }

    /// WebKit's estimate of the load progress (0...1).
    public var estimatedProgress: Double {
        webViewPointer.map { webkit_web_view_get_estimated_load_progress($0) } ?? 0
    }

    /// Whether a load is under way (between didStartLoading and didStopLoading).
    public var isLoading: Bool { navigation.isLoading }
}
