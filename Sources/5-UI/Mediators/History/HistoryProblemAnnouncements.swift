public import Base
import History

/// The history problems a profile's windows have already shown, so that each is said once a
/// run, by the first window that learns of it (kept in the profile's user data).
@MainActor
public final class HistoryProblemAnnouncements {
    private(set) var problems: [HistoryProblem] = []

    public init() {}

    /// The key of the profile's record in its user data.
    public static let userDataKey = UserDataKey<HistoryProblemAnnouncements>()

    /// Records `problem`; false when it was already recorded.
    func announce(_ problem: HistoryProblem) -> Bool {
        guard !problems.contains(problem) else { return false }
        problems.append(problem)
        return true
    }
}
