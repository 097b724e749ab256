public import Foundation

extension NavigationItem {
    /// Whether a restored or imported history may load `url`: only what a page load commits
    /// as an entry of its own. Kept: `http:`, `https:`, `file:` (the user opened it; what it
    /// runs has its file's origin only) and `about:blank`. Dropped, after Chromium's rules:
    ///
    /// - `javascript:`: not a navigation but script run in the current document; Chromium
    ///   never commits one as a session history entry (content/browser/child_process_security_
    ///   policy_impl.cc keeps it a pseudo scheme the browser does not navigate to), so one in
    ///   a file can only make the browser run script;
    /// - `data:`, `blob:`, `filesystem:`: a page may not navigate the top frame to them
    ///   (content/browser/renderer_host/navigation_request.cc, "Not allowed to navigate top
    ///   frame to data URL"), and a `blob:` URL names memory of a document gone since;
    /// - any other `about:` page (Chromium turns a page's navigation to one into
    ///   `about:blank#blocked`), `view-source:`, and every scheme the engine hands to another
    ///   program (`mailto:` …): a restore launches nothing.
    public static func isRestorable(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "http", "https", "file": true
        case "about": url.absoluteString.lowercased().hasPrefix("about:blank")
        default: false
        }
    }

    /// Whether a restore may load this item (its URL and the one it shows).
    public var isRestorable: Bool {
        Self.isRestorable(url) && (virtualURL.map(Self.isRestorable) ?? true)
    }
}

extension NavigationHistory {
    /// This history without the items a restore must not load
    /// (``NavigationItem/isRestorable``), and the URLs of those dropped. The committed entry
    /// stays committed; when it is dropped, the nearest kept entry before it (or else after
    /// it) is.
    public func withoutUnrestorableItems() -> (history: NavigationHistory, dropped: [URL]) {
        guard items.contains(where: { !$0.isRestorable }) else { return (self, []) }
        var kept: [NavigationItem] = []
        var dropped: [URL] = []
        var committed = -1
        for (index, item) in items.enumerated() {
            guard item.isRestorable else {
                dropped.append(item.url)
                continue
            }
            if index <= lastCommittedItemIndex { committed = kept.count }
            kept.append(item)
        }
        if kept.isEmpty { committed = -1 } else if committed < 0 { committed = 0 }
        return (NavigationHistory(items: kept, lastCommittedItemIndex: committed), dropped)
    }
}
