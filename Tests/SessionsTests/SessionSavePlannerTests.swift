import Foundation
import Testing
import Web

@testable import Sessions

/// The order of a save's requests, from the windows' state: no files.
struct SessionSavePlannerTests {
    static let a = WebStateID.fromSerializedValue(0xA)!
    static let b = WebStateID.fromSerializedValue(0xB)!
    static let c = WebStateID.fromSerializedValue(0xC)!

    static func session(
        _ id: String, adopts: Bool = false, adoptions: [(WebStateID, String)] = [], writes: [WebStateID] = [],
        closed: [(WebStateID, String?)] = []
    ) -> SessionSavePlanner.Session {
        var session = SessionSavePlanner.Session(
            sessionID: id, directory: "/s/\(id)", adoptsTabs: adopts, list: StorageWebStateListStorage())
        session.adoptions = adoptions.map { (tab: $0.0, from: $0.1) }
        session.tabWrites = writes.map {
            SessionSavePlanner.TabWrite(tab: $0, storage: StorageWebStateStorage())
        }
        session.closed = closed.map { (tab: $0.0, elsewhere: $0.1) }
        return session
    }

    /// A request in a few words.
    static func summary(_ request: SessionIORequest) -> String {
        switch request {
        case .linkDirectory(let session, _, let from, let to): "\(session): link \(from) \(to)"
        case .writeTab(let session, _, let directory, _, _, _): "\(session): tab \(directory)"
        case .writeList(let session, let path, _): "\(session): list \(path)"
        case .deleteClosedTab(let session, _, let directories):
            "\(session): delete \(directories.joined(separator: " "))"
        }
    }

    @Test(
        arguments: [
            (
                "a session: its tabs, then its list, then its closed tabs",
                [session("w0", writes: [a, b], closed: [(c, nil)])],
                ["w0"],
                [
                    "w0: tab /s/w0/0000000a", "w0: tab /s/w0/0000000b", "w0: list /s/w0/session_metadata.pb",
                    "w0: delete /s/w0/0000000c",
                ]
            ),
            (
                "the adopter first, every link before any write, deletions after every list",
                [
                    session("w0", writes: [a], closed: [(c, nil)]),
                    session("w1", adopts: true, adoptions: [(b, "/s/w0/0000000b")], writes: [c]),
                ],
                ["w1", "w0"],
                [
                    "w1: link /s/w0/0000000b /s/w1/0000000b", "w1: tab /s/w1/0000000c",
                    "w1: list /s/w1/session_metadata.pb", "w0: tab /s/w0/0000000a",
                    "w0: list /s/w0/session_metadata.pb", "w0: delete /s/w0/0000000c",
                ]
            ),
            (
                "a closed tab whose files are still in another session: both directories",
                [session("w1", closed: [(a, "/s/w0/0000000a"), (b, "/s/w1/0000000b")])],
                ["w1"],
                [
                    "w1: list /s/w1/session_metadata.pb", "w1: delete /s/w1/0000000a /s/w0/0000000a",
                    "w1: delete /s/w1/0000000b",
                ]
            ),
            (
                "an adopter whose tabs' files are already in place: first, without links",
                [session("w0", writes: [a]), session("w1", adopts: true)],
                ["w1", "w0"],
                [
                    "w1: list /s/w1/session_metadata.pb", "w0: tab /s/w0/0000000a",
                    "w0: list /s/w0/session_metadata.pb",
                ]
            ),
        ] as [(String, [SessionSavePlanner.Session], [String], [String])])
    func plans(name: String, sessions: [SessionSavePlanner.Session], order: [String], requests: [String]) {
        let plan = SessionSavePlanner.plan(sessions)
        #expect(plan.sessionIDs == order, "\(name)")
        #expect(plan.requests.map(Self.summary) == requests, "\(name)")
    }
}
