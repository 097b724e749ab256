public import History
public import UIInterfaces

/// Between a profile's ``HistoryService`` and a window's info bars: when the service has a
/// ``HistoryProblem`` (its file set aside as damaged, written by a newer Swiftlet, not
/// openable, or a commit that failed), the window says so in an info bar — once a run for
/// each problem, in the first window that learns of it (``ProblemAnnouncements``).
@MainActor
public final class HistoryProblemMediator: HistoryServiceObserver {
    private let service: HistoryService
    private let announcements: ProblemAnnouncements
    private var state = MediatorState("HistoryProblemMediator")

    /// The window's info bars; held weakly. Told of a problem not yet shown when set.
    public weak var consumer: (any InfoBarConsumer)? {
        didSet {
            state.check("consumer")
            showProblemIfNew()
        }
    }

    /// Starts observing `service`; `announcements` is the profile's record of what was shown.
    public init(service: HistoryService, announcements: ProblemAnnouncements) {
        self.service = service
        self.announcements = announcements
        service.addObserver(self)
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        service.removeObserver(self)
    }

    public func historyServiceProblemChanged(_ service: HistoryService) { showProblemIfNew() }

    private func showProblemIfNew() {
        guard let consumer, let problem = service.problem, announcements.announce(problem) else { return }
        consumer.showInfoBar(Self.item(for: problem))
    }

    /// The bar of `problem`: what happened, and what it means for this run.
    static func item(for problem: HistoryProblem) -> InfoBarItem {
        switch problem {
        case .damaged(let path, _):
            InfoBarItem(
                .historyProblem, message: "Your history could not be read, and a new one was started",
                detail: "The damaged file was kept as \(path).")
        case .newerVersion:
            InfoBarItem(
                .historyProblem, message: "History is off for this session",
                detail: "It was saved by a newer version of Swiftlet, and is left as it is.")
        case .unavailable(let reason):
            InfoBarItem(
                .historyProblem, message: "History is kept only until Swiftlet quits",
                detail: "The history file could not be opened (\(reason)).")
        case .writeFailed(let reason):
            InfoBarItem(
                .historyProblem, message: "History could not be saved; Swiftlet will try again",
                detail: "The history file could not be written (\(reason)).")
        }
    }
}
