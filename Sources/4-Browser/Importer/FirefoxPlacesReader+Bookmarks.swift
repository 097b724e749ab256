import Bookmarks
import Foundation
import GRDB

extension FirefoxPlacesReader {
    /// The roots Firefox files bookmarks under, by their fixed `guid`
    /// (toolkit/components/places/PlacesUtils.sys.mjs, `PlacesUtils.bookmarks.*Guid`), with the
    /// names its HTML export gives them. The root of roots (`root________`) holds these, and
    /// `tags________` too, which is left out (see ``bookmarks()``).
    static let roots: [(guid: String, title: String, isToolbar: Bool)] = [
        ("menu________", "Bookmarks Menu", false),
        ("toolbar_____", "Bookmarks Toolbar", true),
        ("unfiled_____", "Other Bookmarks", false),
        ("mobile______", "Mobile Bookmarks", false),
    ]

    /// `moz_bookmarks.type`.
    private enum ItemType: Int64 {
        case bookmark = 1
        case folder = 2
        case separator = 3
    }

    /// The menu, toolbar, other and mobile roots with what they hold, in that order; a root
    /// that holds nothing is left out.
    ///
    /// Tags are dropped: Firefox files a tag as a folder under `tags________` holding one more
    /// bookmark per tagged page (the page's own bookmark is elsewhere), and our bookmarks have
    /// no tags; keeping them as folders would duplicate every tagged bookmark. Chromium's
    /// Firefox importer drops them too (chrome/utility/importer/firefox_importer.cc reads only
    /// the menu, toolbar and unfiled roots). Separators are dropped (a `BookmarkEntry` has
    /// none), and so are bookmarks of `place:` queries (Firefox's smart folders, which are
    /// not pages).
    public func bookmarks() throws(ImportFileError) -> ImportedBookmarks {
        let items = try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT b.id, b.type, b.parent, b.title, b.dateAdded, b.lastModified, b.guid, p.url
                    FROM moz_bookmarks b LEFT JOIN moz_places p ON p.id = b.fk
                    ORDER BY b.parent, b.position, b.id
                    """)
        }
        var children: [Int64: [Row]] = [:]
        var idOfGuid: [String: Int64] = [:]
        for item in items {
            children[item["parent"] ?? 0, default: []].append(item)
            if let guid: String = item["guid"] { idOfGuid[guid] = item["id"] }
        }
        var skipped: [SkipReason: Int] = [:]
        if let tags = idOfGuid["tags________"], case let count = Self.count(under: tags, children: children),
            count > 0
        {
            skipped[.tag] = count
        }
        var visited: Set<Int64> = []
        var roots: [BookmarkEntry] = []
        for root in Self.roots {
            guard let id = idOfGuid[root.guid], let row = items.first(where: { $0["id"] == id }),
                visited.insert(id).inserted
            else { continue }
            let entries = Self.entries(under: id, children: children, visited: &visited, skipped: &skipped)
            guard !entries.isEmpty else { continue }
            roots.append(
                .folder(
                    root.title, entries, dateAdded: UnixTime.date(microseconds: row["dateAdded"]),
                    dateModified: UnixTime.date(microseconds: row["lastModified"]),
                    isToolbarFolder: root.isToolbar))
        }
        return ImportedBookmarks(roots: roots, skipped: skipped)
    }

    /// The entries of the items in folder `parent`, in order. `visited` keeps a damaged file
    /// whose parents form a loop from recursing forever.
    private static func entries(
        under parent: Int64, children: [Int64: [Row]], visited: inout Set<Int64>,
        skipped: inout [SkipReason: Int]
    ) -> [BookmarkEntry] {
        (children[parent] ?? []).compactMap { item -> BookmarkEntry? in
            let id: Int64 = item["id"]
            guard visited.insert(id).inserted else { return nil }
            let title: String = item["title"] ?? ""
            let added = UnixTime.date(microseconds: item["dateAdded"])
            let modified = UnixTime.date(microseconds: item["lastModified"])
            switch ItemType(rawValue: item["type"] ?? 0) {
            case .bookmark:
                guard let spec: String = item["url"], let url = URL(string: spec), canImport(url) else {
                    skipped[.notAPage, default: 0] += 1
                    return nil
                }
                return BookmarkEntry(.url(url), title: title, dateAdded: added, dateModified: modified)
            case .folder:
                let entries = Self.entries(
                    under: id, children: children, visited: &visited, skipped: &skipped)
                return .folder(title, entries, dateAdded: added, dateModified: modified)
            case .separator:
                skipped[.separator, default: 0] += 1
                return nil
            case nil:
                skipped[.notAPage, default: 0] += 1
                return nil
            }
        }
    }

    /// The bookmarks and folders below `parent` (a tag folder and each bookmark in it count).
    private static func count(under parent: Int64, children: [Int64: [Row]]) -> Int {
        var count = 0
        var pending = [parent]
        var seen: Set<Int64> = [parent]
        while let next = pending.popLast() {
            for child in children[next] ?? [] {
                let id: Int64 = child["id"]
                guard seen.insert(id).inserted else { continue }
                count += 1
                pending.append(id)
            }
        }
        return count
    }
}
