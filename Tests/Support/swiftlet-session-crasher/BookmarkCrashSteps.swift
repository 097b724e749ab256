import Bookmarks
import Foundation
import GRDB

/// The bookmark changes of the crash test: step `n` makes one batch of changes to Other
/// Bookmarks, chosen from what the folder holds, so that the harness can say from the file
/// the last child left what the file must hold after the steps the child acknowledged.
enum BookmarkCrashSteps {
    /// A bookmark of Other Bookmarks, as the file holds it.
    struct Entry: Equatable, CustomStringConvertible {
        var url: String
        var title: String
        var description: String { "\(title) <\(url)>" }
    }

    /// The folder the steps change: a model's, or the harness's copy of what it must hold.
    @MainActor
    protocol Folder {
        var entries: [Entry] { get }
        mutating func add(_ entry: Entry)
        mutating func remove(at indices: [Int])
        mutating func rename(at index: Int, _ title: String)
        mutating func moveFirstToEnd()
    }

    /// The page step `step` bookmarks.
    static func url(_ step: Int) -> String { "https://s\(step).test/bookmarked" }

    /// Applies step `step` to `folder`.
    @MainActor
    static func apply<F: Folder>(step: Int, to folder: inout F) {
        if !folder.entries.contains(where: { $0.url == url(step) }) {
            folder.add(Entry(url: url(step), title: "Step \(step)"))
        }
        if step % 5 == 4, let index = folder.entries.firstIndex(where: { $0.url == url(step - 2) }) {
            folder.remove(at: [index])
        }
        if step % 7 == 6, !folder.entries.isEmpty { folder.rename(at: 0, "Renamed \(step)") }
        if step % 3 == 2, folder.entries.count > 1 { folder.moveFirstToEnd() }
        if step % 11 == 10, folder.entries.count >= 3 { folder.remove(at: [0, 2]) }
    }

    /// The harness's copy.
    struct Expected: Folder {
        var entries: [Entry] = []
        mutating func add(_ entry: Entry) { entries.append(entry) }
        mutating func remove(at indices: [Int]) {
            for index in indices.sorted(by: >) { entries.remove(at: index) }
        }
        mutating func rename(at index: Int, _ title: String) { entries[index].title = title }
        mutating func moveFirstToEnd() { entries.append(entries.removeFirst()) }
    }

    /// A model's Other Bookmarks.
    @MainActor
    struct Model: Folder {
        let model: BookmarkModel
        var folder: BookmarkNode { model.otherBookmarks }
        var entries: [Entry] {
            folder.children.map { Entry(url: $0.url?.absoluteString ?? "", title: $0.title) }
        }
        func add(_ entry: Entry) {
            model.addURL(
                to: folder, at: folder.children.count, title: entry.title, url: URL(string: entry.url)!)
        }
        func remove(at indices: [Int]) { model.removeNodes(indices.map { folder.children[$0] }) }
        func rename(at index: Int, _ title: String) { model.setTitle(folder.children[index], title) }
        func moveFirstToEnd() { model.move(folder.children[0], to: folder, at: folder.children.count) }
    }

    /// Steps `steps` applied to `entries`, in order.
    @MainActor
    static func expected(from entries: [Entry], steps: [Int]) -> [Entry] {
        var folder = Expected(entries: entries)
        for step in steps { apply(step: step, to: &folder) }
        return folder.entries
    }

    /// What Other Bookmarks holds in the file at `path`, once it passed `PRAGMA
    /// integrity_check` (empty when there is no file).
    static func read(_ path: String) throws -> [Entry] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        // Opened for writing, as the browser would: SQLite recovers the WAL.
        let database = try DatabaseQueue(path: path)
        defer { try? database.close() }
        return try database.read { db in
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            guard integrity == ["ok"] else {
                throw CrashCheckError(description: "integrity_check: \(integrity.joined(separator: "; "))")
            }
            // A child killed while it made the schema leaves a file without the table: sound.
            guard try db.tableExists("bookmarks") else { return [] }
            return try Row.fetchAll(
                db, sql: "SELECT url, title FROM bookmarks WHERE parent_id = 2 ORDER BY position"
            ).map { Entry(url: $0["url"] ?? "", title: $0["title"] ?? "") }
        }
    }

    struct CrashCheckError: Error, CustomStringConvertible {
        let description: String
    }
}
