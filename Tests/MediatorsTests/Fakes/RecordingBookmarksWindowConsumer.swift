import Foundation
import UIInterfaces

/// Records what a ``BookmarksWindowConsumer`` is told.
@MainActor
final class RecordingBookmarksWindowConsumer: BookmarksWindowConsumer {
    /// Each tree pushed, a line a folder, indented two spaces a level.
    var folderPushes: [[String]] = []
    /// Each list pushed, a line a row: "title url" or "title/" for a folder, "(location)"
    /// after a search's rows.
    var itemPushes: [[String]] = []
    var lastItems: [BookmarksWindowItem] = []
    var searchResultFlags: [Bool] = []
    var selectedFolders: [Int64] = []
    var searchTexts: [String] = []
    var removals: [String] = []
    var favicons: [String] = []

    func setFolders(_ folders: [BookmarksWindowFolder]) {
        var depth: [Int64: Int] = [:]
        folderPushes.append(
            folders.map { folder in
                let level = folder.parentID.flatMap { depth[$0] }.map { $0 + 1 } ?? 0
                depth[folder.id] = level
                return String(repeating: "  ", count: level) + folder.title
            })
    }

    func setSelectedFolder(_ id: Int64) { selectedFolders.append(id) }

    func setItems(_ items: [BookmarksWindowItem], isSearchResult: Bool) {
        lastItems = items
        searchResultFlags.append(isSearchResult)
        itemPushes.append(
            items.map { item in
                (item.url.map { "\(item.title) \($0)" } ?? "\(item.title)/")
                    + (item.location.map { " (\($0))" } ?? "")
            })
    }

    func setSearchText(_ text: String) { searchTexts.append(text) }

    func showRemoval(_ message: String) { removals.append(message) }

    func setFavicon(_ png: Data, forURL url: String) { favicons.append(url) }

    /// The id of the last list's row titled `title`.
    func id(_ title: String) -> Int64 { lastItems.first { $0.title == title }!.id }
}
