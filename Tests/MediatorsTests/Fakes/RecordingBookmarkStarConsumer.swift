import UIInterfaces

/// Writes down what the bookmark star mediator pushes: `star starred`,
/// `editor <title> in <folder id> (new)`, `removed <title>`.
@MainActor
final class RecordingBookmarkStarConsumer: BookmarkStarConsumer {
    var pushes: [String] = []
    var editors: [BookmarkEditorItem] = []

    func setStarState(_ state: BookmarkStarState) { pushes.append("star \(state)") }

    func showBookmarkEditor(_ item: BookmarkEditorItem) {
        editors.append(item)
        pushes.append("editor \(item.title) in \(item.folderID)\(item.isNew ? " (new)" : "")")
    }

    func showBookmarkRemoved(title: String) { pushes.append("removed \(title)") }
}
