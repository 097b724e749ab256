public import Foundation

/// The open windows and tabs of Firefox's last session, from its session store
/// (`sessionstore-backups/recovery.jsonlz4` while it runs, `sessionstore.jsonlz4` after a clean
/// quit; browser/components/sessionstore): each tab's current page, which is entry `index`
/// (counted from 1) of its history.
public enum FirefoxSession {
    /// One tab's current page.
    public struct Tab: Sendable, Equatable {
        public var url: URL
        public var title: String

        public init(url: URL, title: String) {
            self.url = url
            self.title = title
        }
    }

    public enum ReadError: Error, Equatable, CustomStringConvertible {
        case notASession

        public var description: String { "The file is not a Firefox session" }
    }

    /// The tabs of each open window, in order; pages that are not web pages (`about:`
    /// pages of Firefox's own) are left out.
    public static func windows(in file: Data) throws -> [[Tab]] {
        let json = try MozillaLZ4File.decompress(file)
        guard let session = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let windows = session["windows"] as? [[String: Any]]
        else { throw ReadError.notASession }
        return windows.map { window in
            (window["tabs"] as? [[String: Any]] ?? []).compactMap(tab(of:))
        }
    }

    private static func tab(of tab: [String: Any]) -> Tab? {
        let entries = tab["entries"] as? [[String: Any]] ?? []
        guard !entries.isEmpty else { return nil }
        let index = min(max((tab["index"] as? Int ?? entries.count) - 1, 0), entries.count - 1)
        let entry = entries[index]
        guard let spec = entry["url"] as? String, let url = URL(string: spec),
            let scheme = url.scheme?.lowercased(), ["http", "https", "file", "ftp"].contains(scheme)
        else { return nil }
        return Tab(url: url, title: entry["title"] as? String ?? "")
    }
}
