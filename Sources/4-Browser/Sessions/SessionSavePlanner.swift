import Foundation
import Web

/// Decides what a save writes and in which order, from the windows' state at the save; pure
/// (no files, no main actor), so its rules are unit-tested with tables.
///
/// The order makes every crash or failed write leave loadable sessions:
/// - sessions that adopt tabs come first, and every adoption's link comes before any other
///   write: should the process die between two lists, a moved tab is then listed twice
///   rather than nowhere;
/// - per session, each tab's files (state.pb, then data.pb) before its list;
/// - closed tabs' directories are deleted last, and ``SessionSaveWriter`` deletes them only
///   if every list of the save was written.
enum SessionSavePlanner {
    /// A window session with something to save.
    struct Session: Sendable {
        /// Its identifier.
        var sessionID: String
        var directory: String
        /// Whether tabs moved in from another session since the last save (it saves first).
        var adoptsTabs = false
        var list: StorageWebStateListStorage
        /// Tabs adopted unrealized whose files are elsewhere, and where (in list order).
        var adoptions: [(tab: WebStateID, from: String)] = []
        /// Tabs whose files are written (in list order).
        var tabWrites: [TabWrite] = []
        /// Tabs closed since the last save, with the directory holding their files when it is
        /// not this session's (moved in and closed before this session adopted them).
        var closed: [(tab: WebStateID, elsewhere: String?)] = []

        init(sessionID: String, directory: String, adoptsTabs: Bool = false, list: StorageWebStateListStorage)
        {
            self.sessionID = sessionID
            self.directory = directory
            self.adoptsTabs = adoptsTabs
            self.list = list
        }
    }

    /// A tab's files to write.
    struct TabWrite: Sendable, Equatable {
        var tab: WebStateID
        /// data.pb's message; its state digest is filled in when state.pb is written.
        var storage: StorageWebStateStorage
        /// The native blob for state.pb; nil (or over the size limit) removes state.pb.
        var state: Data?
        /// The storage of a tab made from storage, written for the first time.
        var pending: WebStateStorage?
    }

    /// The requests of one save, and the sessions they are for, in order.
    struct Plan: Sendable, Equatable {
        /// The sessions saved, in the order they are written.
        var sessionIDs: [String] = []
        /// The requests, in the order they run.
        var requests: [SessionIORequest] = []
    }

    /// The requests that save `sessions`.
    static func plan(_ sessions: [Session]) -> Plan {
        let ordered = sessions.filter(\.adoptsTabs) + sessions.filter { !$0.adoptsTabs }
        var plan = Plan(sessionIDs: ordered.map(\.sessionID))
        for session in ordered {
            for adoption in session.adoptions {
                plan.requests.append(
                    .linkDirectory(
                        sessionID: session.sessionID, tab: adoption.tab, from: adoption.from,
                        to: SessionLayout.tabDirectory(adoption.tab, inSession: session.directory)))
            }
        }
        for session in ordered {
            for write in session.tabWrites {
                plan.requests.append(
                    .writeTab(
                        sessionID: session.sessionID, tab: write.tab,
                        directory: SessionLayout.tabDirectory(write.tab, inSession: session.directory),
                        storage: write.storage, state: write.state, pending: write.pending))
            }
            plan.requests.append(
                .writeList(
                    sessionID: session.sessionID,
                    path: SessionLayout.metadataFile(inSession: session.directory),
                    list: session.list))
        }
        for session in ordered {
            for closed in session.closed {
                let here = SessionLayout.tabDirectory(closed.tab, inSession: session.directory)
                let directories = [here] + (closed.elsewhere.map { $0 == here ? [] : [$0] } ?? [])
                plan.requests.append(
                    .deleteClosedTab(sessionID: session.sessionID, tab: closed.tab, directories: directories))
            }
        }
        return plan
    }
}
