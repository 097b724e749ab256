import Foundation
import Testing

@testable import Sessions

/// Each problem's sentence for the log and its message for a person.
struct SessionProblemTests {
    @Test(arguments: [
        (
            SessionProblem.inSession(
                "w0", .listUnreadable(path: "/s/w0/session_metadata.pb", reason: "r", .setAside(recovered: 3))
            ),
            "session w0: /s/w0/session_metadata.pb is unreadable (r); set aside as session_metadata.pb.bad, 3 tab(s) recovered from their own files",
            "A damaged window was set aside; 3 tabs were recovered."
        ),
        (
            .noList(recovered: 1), "no session list; 1 tab(s) recovered from their own files",
            "A window was rebuilt; 1 tab was recovered."
        ),
        (
            .tabData(tab: 5, path: "/t/data.pb", failure: .empty),
            "tab 5: /t/data.pb is unreadable (the file is empty); set aside as data.pb.bad",
            "A tab's history was lost; it shows its last page."
        ),
        (
            .tabData(tab: 5, path: "/t/data.pb", failure: .missing),
            "tab 5: /t/data.pb is missing; restoring its last page from the list",
            "A tab's history was lost; it shows its last page."
        ),
        (
            .tabDataWouldFallBack(tab: 7, failure: .missing),
            "tab 7 has no data.pb: it comes back with its last URL only",
            "A tab's history was lost; it shows its last page."
        ),
    ])
    func sentences(problem: SessionProblem, description: String, userMessage: String) {
        #expect(problem.description == description)
        #expect(problem.userMessage == userMessage)
    }

    @Test func encodesAsItsSentence() throws {
        let problem = SessionProblem.writtenByChromium(path: "session_metadata.pb")
        let data = try JSONEncoder().encode([problem])
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"["session_metadata.pb has no format version: read as a list written by Chromium"]"#)
    }
}
