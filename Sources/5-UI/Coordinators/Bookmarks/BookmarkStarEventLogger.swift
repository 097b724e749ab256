import UIInterfaces

/// Passes the star's pushes on and records them in the test-only event log
/// (`bookmark-star starred|unstarred|hidden`, `bookmark-editor <title>`).
@MainActor
final class BookmarkStarEventLogger: BookmarkStarConsumer {
    private let target: any BookmarkStarConsumer

    init(forwardingTo target: any BookmarkStarConsumer) { self.target = target }

    func setStarState(_ state: BookmarkStarState) {
        target.setStarState(state)
        EventLog.record("bookmark-star", "\(state)")
    }

    func showBookmarkEditor(_ item: BookmarkEditorItem) {
        target.showBookmarkEditor(item)
        EventLog.record("bookmark-editor", item.title)
    }

    func showBookmarkRemoved(title: String) { target.showBookmarkRemoved(title: title) }
}
