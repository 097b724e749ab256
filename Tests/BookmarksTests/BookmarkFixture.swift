import Bookmarks
import Foundation
import ModelTestSupport

/// A bookmarks file in a temporary directory, models of it made as launches would make them,
/// and a clock the test moves.
@MainActor
final class BookmarkFixture {
    let directory = TestProfile.makeUserDataDirectory()
    var now = Date(timeIntervalSince1970: 1_700_000_000)

    var path: String { directory.appendingPathComponent(BookmarkStore.fileName).path }
    var backupPath: String { path + BookmarkStore.backupSuffix }
    var setAsidePath: String { path + BookmarkStore.setAsideSuffix }

    /// A model of the file as a launch makes it, once loaded.
    func launch() async -> BookmarkModel {
        let model = BookmarkModel(store: BookmarkStore(path: path), now: { [unowned self] in now })
        await model.waitUntilLoaded()
        return model
    }

    /// A model in memory, once loaded.
    static func inMemory() async -> BookmarkModel {
        let model = BookmarkModel(store: BookmarkStore(path: nil))
        await model.waitUntilLoaded()
        return model
    }

    nonisolated static func url(_ name: String) -> URL { URL(string: "https://example.test/\(name)")! }
}

extension BookmarkModel {
    /// Adds bookmarks named `names` (URLs `https://example.test/<name>`) at the end of `folder`.
    @discardableResult
    func addURLs(_ names: [String], to folder: BookmarkNode) -> [BookmarkNode] {
        names.map { addURL(to: folder, at: folder.children.count, title: $0, url: BookmarkFixture.url($0)) }
    }

    /// The tree below the permanent folders as text: `Menu[a, F[b]] Other[c]`.
    var outline: String {
        func text(_ node: BookmarkNode) -> String {
            node.isFolder ? "\(node.title)[\(node.children.map(text).joined(separator: ", "))]" : node.title
        }
        return "Menu[\(bookmarksMenu.children.map(text).joined(separator: ", "))] "
            + "Other[\(otherBookmarks.children.map(text).joined(separator: ", "))]"
    }
}

/// Writes down what observers are told, one line an event.
@MainActor
final class BookmarkEvents: BookmarkModelObserver {
    var lines: [String] = []

    func bookmarkModelLoaded(_ model: BookmarkModel) { lines.append("loaded") }
    func bookmarkModel(
        _ model: BookmarkModel, didAdd node: BookmarkNode, to parent: BookmarkNode, at index: Int
    ) {
        lines.append("add \(node.title) to \(parent.title) at \(index)")
    }
    func bookmarkModel(
        _ model: BookmarkModel, didRemove node: BookmarkNode, from parent: BookmarkNode, at index: Int
    ) {
        lines.append("remove \(node.title) from \(parent.title) at \(index)")
    }
    func bookmarkModel(
        _ model: BookmarkModel, didMove node: BookmarkNode, from oldParent: BookmarkNode, at oldIndex: Int,
        to newParent: BookmarkNode, at newIndex: Int
    ) {
        lines.append(
            "move \(node.title) from \(oldParent.title) \(oldIndex) to \(newParent.title) \(newIndex)")
    }
    func bookmarkModel(_ model: BookmarkModel, didChange node: BookmarkNode) {
        lines.append("change \(node.title)")
    }
    func bookmarkModel(_ model: BookmarkModel, childrenReorderedIn folder: BookmarkNode) {
        lines.append("reorder \(folder.title)")
    }
    func bookmarkModelWillBeginExtensiveChanges(_ model: BookmarkModel) { lines.append("begin") }
    func bookmarkModelDidEndExtensiveChanges(_ model: BookmarkModel) { lines.append("end") }
}
