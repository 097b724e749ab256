import Foundation
import Web

/// One step of a save, run on the IO queue (Chromium's `ios::sessions::IORequest`). Each
/// names the window session it is for, so that a failure marks that session dirty again.
enum SessionIORequest: Sendable, Equatable {
    /// Hard-links the files of the tab `tab`, adopted unrealized from another session, from
    /// `from` into `to` (nothing when `from` no longer exists).
    case linkDirectory(sessionID: String, tab: WebStateID, from: String, to: String)
    /// Writes a tab's files in `directory`: `state` as state.pb (or removes it), then
    /// `storage` as data.pb. `pending` is the storage of a tab made from storage and not
    /// written yet, kept for a retry should the write fail.
    case writeTab(
        sessionID: String, tab: WebStateID, directory: String, storage: StorageWebStateStorage, state: Data?,
        pending: WebStateStorage?)
    /// Writes a window session's list to `path` (encoded on the IO queue).
    case writeList(sessionID: String, path: String, list: StorageWebStateListStorage)
    /// Deletes the directories of the closed tab `tab`. Runs only if every list of the
    /// request list was written.
    case deleteClosedTab(sessionID: String, tab: WebStateID, directories: [String])

    /// The window session the request is for.
    var sessionID: String {
        switch self {
        case .linkDirectory(let sessionID, _, _, _), .writeTab(let sessionID, _, _, _, _, _),
            .writeList(let sessionID, _, _), .deleteClosedTab(let sessionID, _, _):
            sessionID
        }
    }
}
