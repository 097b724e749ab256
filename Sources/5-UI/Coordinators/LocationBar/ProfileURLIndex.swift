import Base
import History
import Omnibox

/// A profile's in-memory index of its history, made with the first window of the profile and
/// shared by its windows (Chromium's `InMemoryURLIndex` is a keyed service of the profile):
/// it connects to the profile's history service at once, building off the main thread.
@MainActor
final class ProfileURLIndex {
    static let userDataKey = UserDataKey<ProfileURLIndex>()

    let index = URLIndex()
    private let history: HistoryService?

    init(history: HistoryService?) {
        self.history = history
        guard let history else { return }
        Task { [index] in
            await index.connect(to: history)
            EventLog.record("url-index-built", "\(index.count)")
        }
    }

    isolated deinit {
        if let history { index.disconnect(from: history) }
    }
}
