import Foundation

extension BookmarkModel {
    /// Adds `entries` at the end of `folder`, in one batch of extensive changes, so that
    /// importing the same file twice adds nothing: a bookmark whose URL its folder holds
    /// already is skipped, and a folder goes into the folder of the same title there if
    /// there is one. A top-level entry marked as its browser's toolbar folder goes into the
    /// Bookmarks Menu, which is where this browser shows what others show on their toolbar
    /// (as Chromium's importer puts toolbar bookmarks on its bookmark bar). Dates come from
    /// the entries (now when they have none).
    @discardableResult
    public func importEntries(_ entries: [BookmarkEntry], into folder: BookmarkNode) -> BookmarkImportCounts {
        precondition(
            folder.isFolder && folder.kind != .root && node(id: folder.id) === folder,
            "BookmarkModel.importEntries(_:into:): not a folder of the model")
        var counts = BookmarkImportCounts()
        performExtensiveChanges {
            for entry in entries {
                if entry.isToolbarFolder {
                    merge(entry.children, into: bookmarksMenu, &counts)
                } else {
                    merge([entry], into: folder, &counts)
                }
            }
        }
        return counts
    }

    private func merge(
        _ entries: [BookmarkEntry], into folder: BookmarkNode, _ counts: inout BookmarkImportCounts
    ) {
        for entry in entries {
            switch entry.kind {
            case .url(let url):
                if nodes(for: url).contains(where: { $0.parent === folder }) {
                    counts.duplicatesSkipped += 1
                    continue
                }
                addURL(
                    to: folder, at: folder.children.count, title: entry.title, url: url,
                    dateAdded: entry.dateAdded)
                counts.bookmarksAdded += 1
            case .folder(let children):
                if let existing = folder.children.first(where: {
                    $0.kind == .folder && $0.title == entry.title
                }) {
                    merge(children, into: existing, &counts)
                    continue
                }
                let added = add(
                    BookmarkNode(
                        id: takeID(), guid: UUID(), kind: .folder, title: entry.title,
                        dateAdded: entry.dateAdded ?? now()), to: folder, at: folder.children.count)
                counts.foldersAdded += 1
                merge(children, into: added, &counts)
                if let modified = entry.dateModified {
                    added.dateModified = modified
                    persist(nodes: [added])
                }
            }
        }
    }

    /// The bookmarks as a file holds them, for ``NetscapeBookmarkFile/write(_:title:)``:
    /// the Bookmarks Menu as the toolbar folder (other browsers show it on their toolbar),
    /// then the children of Other Bookmarks at the top level, as Chromium's
    /// chrome/browser/bookmarks/bookmark_html_writer.cc writes its bar and other nodes.
    public func exportEntries() -> [BookmarkEntry] {
        [
            .folder(
                bookmarksMenu.title, bookmarksMenu.children.map(Self.entry),
                dateAdded: bookmarksMenu.dateAdded,
                dateModified: bookmarksMenu.dateModified, isToolbarFolder: true)
        ] + otherBookmarks.children.map(Self.entry)
    }

    private static func entry(_ node: BookmarkNode) -> BookmarkEntry {
        if let url = node.url {
            return BookmarkEntry(
                .url(url), title: node.title, dateAdded: node.dateAdded, dateModified: node.dateModified)
        }
        return .folder(
            node.title, node.children.map(entry), dateAdded: node.dateAdded, dateModified: node.dateModified)
    }
}
