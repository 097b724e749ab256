import Foundation
import Web

/// Runs a save's requests (``SessionSavePlanner/Plan``) on the IO queue with ``SessionIO``'s
/// operations, in order, and says what could not be written, per session, so that the main
/// actor marks it dirty again. Closed tabs' directories are deleted only if every list of
/// the plan was written: until then a list on disk may still name them.
struct SessionSaveWriter: Sendable {
    /// The queue's operations.
    let io: SessionIO
    /// Told when each tab's write or link is done (or failed).
    let writesInFlight: TabWritesInFlight

    /// Runs `plan`; call on the IO queue. Returns the sessions that could not be written in
    /// full (none when everything was written).
    func execute(_ plan: SessionSavePlanner.Plan) -> [FailedSave] {
        var failures = plan.sessionIDs.map { FailedSave(sessionID: $0) }
        let index = Dictionary(
            plan.sessionIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var listsWritten = true
        var deleting = false
        for request in plan.requests {
            guard let session = index[request.sessionID] else {
                preconditionFailure("SessionSaveWriter: a request for a session the plan does not save")
            }
            switch request {
            case .linkDirectory(_, let tab, let from, let to):
                defer { writesInFlight.end(tab) }
                if FileManager.default.fileExists(atPath: from) && !io.linkDirectory(from: from, to: to) {
                    failures[session].adoptions[tab] = (from, to)
                }
            case .writeTab(_, let tab, let directory, let storage, let state, let pending):
                defer { writesInFlight.end(tab) }
                if !io.writeTab(storage, state: state, in: directory) {
                    failures[session].tabs.insert(tab)
                    failures[session].pending[tab] = pending
                }
            case .writeList(_, let path, let list):
                precondition(!deleting, "SessionSaveWriter: a list written after a closed tab's deletion")
                let metadata = try? list.serializedData()
                if metadata == nil { io.recordFailure(.encodeList(path: path)) }
                if !(metadata.map { io.write($0, to: path) } ?? false) {
                    listsWritten = false
                    failures[session].listFailed = true
                }
            case .deleteClosedTab(_, let tab, let directories):
                deleting = true
                if listsWritten {
                    for path in directories { io.remove(path, kind: .tab) }
                } else {
                    failures[session].closed.append(tab)
                }
            }
        }
        return failures.filter(\.isFailure)
    }
}
