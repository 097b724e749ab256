import Base
import Bookmarks
import Foundation
import GLibSupport
import History
import Profiles

/// The bookmarks and history of the `Default` profile of a user data directory, opened as a
/// launch opens them but without a window or the engine, for the commands that write them;
/// closed (everything committed) by ``close()``.
@MainActor
final class ProfileWriting {
    let directory: URL
    let bookmarks: BookmarkModel
    let history: HistoryService

    init(userDataDirectory: UserDataDirectory) {
        directory = userDataDirectory.path.appendingPathComponent(ProfileName.defaultProfile.rawValue)
        bookmarks = BookmarkModel(
            store: BookmarkStore(path: directory.appendingPathComponent(BookmarkStore.fileName).path))
        history = HistoryService(
            path: directory.appendingPathComponent(HistoryService.fileName).path, clock: SystemTimerClock())
    }

    /// Runs `body` on the main actor, turning GLib's main loop (which drains the main queue
    /// the history and bookmarks answer on) until it is done.
    func run<T: Sendable>(_ body: @escaping @MainActor () async -> T) -> T {
        nonisolated(unsafe) var result: T?
        Task { @MainActor in result = await body() }
        GLibMainLoop.pump(timeout: .seconds(24 * 60 * 60)) { result != nil }
        return result!
    }

    /// Commits what is pending and closes the files.
    func close() {
        bookmarks.shutdown()
        history.shutdown()
    }
}
