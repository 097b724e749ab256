public import Bookmarks
import Crypto
public import Foundation

/// Chromium's (and Chrome's) `Bookmarks` file: JSON with three roots — the bookmarks bar,
/// other bookmarks and mobile ("synced") bookmarks — of folders and URLs, dates in
/// microseconds since 1601 as decimal strings, and an MD5 checksum over every node
/// (components/bookmarks/browser/bookmark_codec.cc). A checksum that does not match means the
/// file was edited by hand or cut short; Chromium then still loads it, and so do we, saying so.
public enum ChromiumBookmarksFile {
    public struct Contents: Sendable, Equatable {
        /// The bookmarks bar (a toolbar folder), other bookmarks and mobile bookmarks, those
        /// the file has, in that order.
        public var roots: [BookmarkEntry]
        /// Whether the file's checksum matches its nodes (nil: the file has none).
        public var checksumMatches: Bool?
        /// The nodes left out, each with why.
        public var skipped: [String]
    }

    public enum ReadError: Error, Equatable, CustomStringConvertible {
        case notJSON
        case noRoots

        public var description: String {
            switch self {
            case .notJSON: "The Bookmarks file is not JSON"
            case .noRoots: "The Bookmarks file has no bookmark roots"
            }
        }
    }

    /// The roots in the order Chromium encodes them, which is the checksum's order.
    static let rootKeys = ["bookmark_bar", "other", "synced"]

    public static func read(_ data: Data) throws -> Contents {
        guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ReadError.notJSON
        }
        guard let roots = json["roots"] as? [String: Any] else { throw ReadError.noRoots }
        var checksum = Insecure.MD5()
        var skipped: [String] = []
        var entries: [BookmarkEntry] = []
        for key in rootKeys {
            guard let node = roots[key] as? [String: Any],
                var root = entry(of: node, checksum: &checksum, skipped: &skipped)
            else { continue }
            root.isToolbarFolder = key == "bookmark_bar"
            entries.append(root)
        }
        guard !entries.isEmpty else { throw ReadError.noRoots }
        let digest = checksum.finalize().map { String(format: "%02x", $0) }.joined()
        let stored = json["checksum"] as? String
        return Contents(roots: entries, checksumMatches: stored.map { $0 == digest }, skipped: skipped)
    }

    /// The entry of a node, adding it to `checksum` as `BookmarkCodec::UpdateChecksumWith…`
    /// does: the id, the title as UTF-16 (little-endian, as it lies in memory), the type,
    /// and a URL's spec; a folder before its children.
    private static func entry(
        of node: [String: Any], checksum: inout Insecure.MD5, skipped: inout [String]
    ) -> BookmarkEntry? {
        let id = node["id"] as? String ?? ""
        let title = node["name"] as? String ?? ""
        let type = node["type"] as? String ?? ""
        checksum.update(data: Data(id.utf8))
        checksum.update(data: Data(title.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        checksum.update(data: Data(type.utf8))
        let added = date(node["date_added"])
        switch type {
        case "url":
            let spec = node["url"] as? String ?? ""
            checksum.update(data: Data(spec.utf8))
            guard let url = URL(string: spec), url.scheme != nil else {
                skipped.append("“\(title)”: \(spec.isEmpty ? "no address" : "\(spec) is not an address")")
                return nil
            }
            return .url(url, title: title, dateAdded: added)
        case "folder":
            let children = (node["children"] as? [[String: Any]] ?? []).compactMap {
                entry(of: $0, checksum: &checksum, skipped: &skipped)
            }
            return .folder(title, children, dateAdded: added, dateModified: date(node["date_modified"]))
        default:
            skipped.append("“\(title)”: a node of type “\(type)”")
            return nil
        }
    }

    private static func date(_ value: Any?) -> Date? {
        guard let string = value as? String, let microseconds = Int64(string) else { return nil }
        return ChromiumTime.date(microsecondsSince1601: microseconds)
    }
}
