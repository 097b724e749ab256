public import Foundation

/// A node as the `bookmarks` table holds it (one row a node, the invisible root excepted),
/// and as a removal keeps it for undo: plain values that cross to the store's queue.
public struct BookmarkRow: Sendable, Hashable {
    public var id: Int64
    public var guid: UUID
    /// The parent's id; 0, the invisible root's, for the permanent folders.
    public var parentID: Int64
    /// The index among the parent's children.
    public var position: Int
    public var kind: BookmarkNode.Kind
    public var title: String
    public var url: URL?
    public var dateAdded: Date
    public var dateLastUsed: Date?
    public var dateModified: Date?

    /// The stored form of `kind` (the root is never stored).
    var storedKind: Int {
        switch kind {
        case .root, .permanentFolder: 0
        case .folder: 1
        case .url: 2
        }
    }

    static func kind(stored: Int) -> BookmarkNode.Kind? {
        switch stored {
        case 0: .permanentFolder
        case 1: .folder
        case 2: .url
        default: nil
        }
    }
}

/// Dates as the bookmarks file holds them: microseconds since 1601-01-01 UTC, as Chromium's
/// `base::Time` and its `Bookmarks` file do (components/bookmarks/browser/bookmark_codec.cc);
/// 0 for none.
enum BookmarkTime {
    /// Seconds from 1601-01-01 to 1970-01-01.
    static let epochDelta: Int64 = 11_644_473_600

    static func microseconds(_ date: Date?) -> Int64 {
        guard let date else { return 0 }
        return Int64((date.timeIntervalSince1970 * 1_000_000).rounded()) + epochDelta * 1_000_000
    }

    static func date(_ microseconds: Int64) -> Date? {
        guard microseconds > 0 else { return nil }
        return Date(timeIntervalSince1970: Double(microseconds - epochDelta * 1_000_000) / 1_000_000)
    }
}
