public import Bookmarks
public import UIInterfaces

/// Between a profile's ``BookmarkModel`` and a window's info bars: when the bookmarks file
/// was set aside as damaged, written by a newer Swiftlet, or could not be opened, the window
/// says so once its bookmarks are read — once a run for each problem, in the first window
/// that learns of it (``ProblemAnnouncements``). A failed write is retried with the next
/// change and a failed backup leaves the last one, so those are only logged.
@MainActor
public final class BookmarkProblemMediator: BookmarkModelObserver {
    private let model: BookmarkModel
    private let announcements: ProblemAnnouncements
    private var state = MediatorState("BookmarkProblemMediator")

    /// The window's info bars; held weakly. Told of a problem not yet shown when set.
    public weak var consumer: (any InfoBarConsumer)? {
        didSet {
            state.check("consumer")
            showProblemIfNew()
        }
    }

    /// Starts observing `model`; `announcements` is the profile's record of what was shown.
    public init(model: BookmarkModel, announcements: ProblemAnnouncements) {
        self.model = model
        self.announcements = announcements
        model.addObserver(self)
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        model.removeObserver(self)
    }

    public func bookmarkModelLoaded(_ model: BookmarkModel) { showProblemIfNew() }

    private func showProblemIfNew() {
        guard let consumer, model.isLoaded, let problem = model.problem, let item = Self.item(for: problem),
            announcements.announce(problem)
        else { return }
        consumer.showInfoBar(item)
    }

    /// The bar of `problem`, if it is one the user must know of.
    static func item(for problem: BookmarkProblem) -> InfoBarItem? {
        switch problem {
        case .damaged(let path, _, let restored):
            InfoBarItem(
                .bookmarksProblem,
                message: restored
                    ? "Your bookmarks could not be read; those of the last launch were restored"
                    : "Your bookmarks could not be read, and new ones were started",
                detail: "The damaged file was kept as \(path).")
        case .newerVersion:
            InfoBarItem(
                .bookmarksProblem, message: "Changes to bookmarks are kept only until Swiftlet quits",
                detail: "The bookmarks were saved by a newer version of Swiftlet, and are left as they are.")
        case .unavailable(let reason):
            InfoBarItem(
                .bookmarksProblem, message: "Bookmarks are kept only until Swiftlet quits",
                detail: "The bookmarks file could not be opened (\(reason)).")
        case .writeFailed, .backupFailed:
            nil
        }
    }
}
