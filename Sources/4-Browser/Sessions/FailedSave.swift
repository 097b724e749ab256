import Foundation
import Web

/// What a save could not write for one session.
struct FailedSave: Sendable {
    var sessionID: String
    /// Tabs whose files were not written.
    var tabs: Set<WebStateID> = []
    /// The storage of created tabs whose first write failed.
    var pending: [WebStateID: WebStateStorage] = [:]
    /// Tabs whose files could not be linked in (they are still where they came from).
    var adoptions: [WebStateID: (from: String, to: String)] = [:]
    /// Closed tabs whose files were kept because a list was not written.
    var closed: [WebStateID] = []
    var listFailed = false

    var isFailure: Bool { listFailed || !tabs.isEmpty || !adoptions.isEmpty || !closed.isEmpty }
}
