public import Foundation
public import Web

extension WebStateStorage {
    /// Whether `url` is the page new tabs and windows open with (`about:blank`), which
    /// nobody wants back from Recently Closed or a crash.
    public static func isNewTabPage(_ url: URL) -> Bool {
        url.absoluteString.lowercased() == "about:blank"
    }

    /// Whether the tab saved here is blank: no history beyond one new tab page (or none at
    /// all), and not pinned (`isPinned`). Chromium's `TabRestoreServiceHelper::IsTabInteresting`
    /// (components/sessions/core/tab_restore_service_helper.cc) keeps such a tab out of
    /// Recently Closed; a pinned one stays interesting there too. An unrealized tab is judged
    /// by its metadata, which counts the entries of the history still on disk.
    public func isBlank(isPinned: Bool) -> Bool {
        guard !isPinned, max(navigation.items.count, metadata.navigationItemCount) <= 1 else { return false }
        guard let url = navigation.items.first?.displayURL ?? metadata.url else { return true }
        return Self.isNewTabPage(url)
    }
}
