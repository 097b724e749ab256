public import Base

/// The problems with a profile's files (its history, its bookmarks) that its windows have
/// already shown, so that each is said once a run, by the first window that learns of it
/// (kept in the profile's user data).
@MainActor
public final class ProblemAnnouncements {
    /// Each problem shown, as `String(reflecting:)` writes it: its type, case and values.
    private(set) var problems: Set<String> = []

    public init() {}

    /// The key of the profile's record in its user data.
    public static let userDataKey = UserDataKey<ProblemAnnouncements>()

    /// Records `problem`; false when it was already recorded.
    func announce(_ problem: some Equatable) -> Bool {
        problems.insert(String(reflecting: problem)).inserted
    }
}
