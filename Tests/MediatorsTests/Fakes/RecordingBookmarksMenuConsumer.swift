import UIInterfaces

/// Keeps what the Bookmarks menu mediator pushes, and draws the last push as text:
/// `a, F[b, c], Other Bookmarks[d]`.
@MainActor
final class RecordingBookmarksMenuConsumer: BookmarksMenuConsumer {
    var pushCount = 0
    var entries: [BookmarksMenuEntry] = []
    var rootID: Int64 = 0

    func setBookmarksMenu(_ entries: [BookmarksMenuEntry], rootID: Int64) {
        pushCount += 1
        self.entries = entries
        self.rootID = rootID
    }

    var outline: String {
        func text(_ entry: BookmarksMenuEntry) -> String {
            entry.isFolder
                ? "\(entry.title)[\(entry.children.map(text).joined(separator: ", "))]" : entry.title
        }
        return entries.map(text).joined(separator: ", ")
    }
}
