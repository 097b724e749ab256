import Base
import FileSystemTestSupport
import Foundation
import SessionsTestSupport
import Testing
import WebTestSupport

/// Runs the built `swiftlet sessions` on a user data directory written by the real session
/// services.
@MainActor
struct SessionsCommandTests {
    func run(_ arguments: [String]) throws -> SwiftletProcess.Result { try SwiftletProcess.run(arguments) }

    func sample(quit: Bool = true) throws -> String {
        try SampleUserDataDirectory.make(engine: FakeWebEngine(), clock: ManualTimerClock(), quit: quit).path
    }

    @Test func listShowsEachWindowWithItsStateAndActiveTab() throws {
        let directory = try sample()
        let result = try run(["sessions", "list", "--user-data-dir", directory])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("Profile Default"))
        #expect(result.output.contains("  main  open  4 tabs  active: \"c.test\" https://c.test/"))
        #expect(result.output.contains("  old  closed  1 tab"))
        #expect(result.output.contains("recently closed: 1 entry"))
    }

    @Test func showPrintsTheTabsOfAWindow() throws {
        let directory = try sample()
        let result = try run(["sessions", "show", "main", "--user-data-dir", directory])
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("Window main — profile Default — open — 4 tabs"))
        #expect(
            lines.contains {
                $0.hasPrefix("    0   \"second\" https://a.test/second  (pinned, 2 entries, id ")
            })
        #expect(
            lines.contains {
                $0.hasPrefix("    2 * \"c.test\" https://c.test/  (group \"Work\", opener 1, 1 entry, id ")
            })
        #expect(lines.contains("  group \"Work\": blue, tabs 2–3"))
        #expect(!result.output.contains("old.test"), "only the window asked for")
    }

    @Test func showWithoutAnIDPrintsEveryWindowAndRecentlyClosed() throws {
        let directory = try sample(quit: false)
        let result = try run(["sessions", "show", "--user-data-dir", directory])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("did not exit cleanly"))
        #expect(result.output.contains("Window private — profile Default, incognito — open — 1 tab"))
        #expect(result.output.contains("Window old — profile Default — closed — 1 tab"))
        #expect(result.output.contains("Recently closed — profile Default"))
        #expect(result.output.contains("\"e.test\" https://e.test/  (1 entry, from window main, index 4)"))
    }

    @Test func showJSONIsTheReport() throws {
        let directory = try sample()
        let result = try run(["sessions", "show", "main", "--json", "--user-data-dir", directory])
        #expect(result.status == 0, "\(result.errors)")
        let window = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(window["sessionID"] as? String == "main")
        #expect(window["state"] as? String == "open")
        let tabs = try #require(window["tabs"] as? [[String: Any]])
        #expect(
            tabs.map { $0["url"] as? String } == [
                "https://a.test/second", "https://b.test/", "https://c.test/", "https://d.test/",
            ])
        #expect(tabs.map { $0["pinned"] as? Bool } == [true, false, false, false])
        #expect(tabs.map { $0["active"] as? Bool } == [false, false, true, false])
        #expect(tabs[2]["group"] as? String == "Work")
        #expect(tabs[2]["opener"] as? Int == 1)

        let all = try run(["sessions", "list", "--json", "--user-data-dir", directory])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(all.output.utf8)) as? [String: Any])
        let profiles = try #require(report["profiles"] as? [[String: Any]])
        #expect((profiles.first?["recentlyClosed"] as? [Any])?.count == 1)
    }

    @Test func mistakesFailClearly() throws {
        let directory = try sample()
        let unknown = try run(["sessions", "show", "nope", "--user-data-dir", directory])
        #expect(unknown.status == 1)
        #expect(unknown.errors.contains("no window session 'nope'"))
        let missing = try run(["sessions", "list", "--user-data-dir", directory + "/absent"])
        #expect(missing.status == 1)
        #expect(missing.errors.contains("absent: no such directory"))
        let usage = try run(["sessions", "frobnicate"])
        #expect(usage.status == 2)
        #expect(usage.errors.contains("Unexpected argument 'frobnicate'"))
        #expect(usage.errors.contains("Usage: swiftlet sessions <subcommand>"))
    }

    @Test func withoutLocalStateEveryWindowIsOpenAsTheLaunchRestoresIt() throws {
        let directory = try sample()
        try FileManager.default.removeItem(atPath: directory + "/Local State")
        let result = try run(["sessions", "list", "--user-data-dir", directory])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("  main  open  4 tabs"))
        #expect(result.output.contains("  old  open  1 tab"))
        #expect(result.output.contains("the next launch restores every window on disk"))
    }

    /// A user data directory this user may not read: the command says so and fails, rather
    /// than saying there is nothing.
    @Test func aDirectoryThatCannotBeReadFailsWithTheReason() async {
        await #expect(processExitsWith: .success) {
            let parent = NSTemporaryDirectory() + "swiftlet-sessions-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: parent) }
            try! FileManager.default.createDirectory(
                atPath: parent + "/data/Default/SessionStorage", withIntermediateDirectories: true)
            ForeignOwnership.makeUnreadable(parent + "/data")
            let owner = ForeignOwnership.isRoot ? ForeignOwnership.owner : geteuid()
            ForeignOwnership.becomeUser(owning: parent)
            for command in ["list", "show"] {
                let result = try! SwiftletProcess.run([
                    "sessions", command, "--user-data-dir", parent + "/data",
                ])
                precondition(result.status == 1, "\(command): \(result.status) \(result.output)")
                precondition(result.output.isEmpty, "\(command): \(result.output)")
                precondition(
                    result.errors.contains("\(parent)/data: cannot be read (permission denied")
                        && result.errors.contains("uid \(owner)"), "\(command): \(result.errors)")
            }
        }
    }

    /// A window whose files this user may not read: shown as far as it can be, and the
    /// command fails, naming what it could not read.
    @Test func aWindowThatCannotBeReadMakesTheReportIncomplete() async {
        await #expect(processExitsWith: .success) {
            let parent = NSTemporaryDirectory() + "swiftlet-sessions-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: parent) }
            let sample = await MainActor.run {
                try! SampleUserDataDirectory.make(engine: FakeWebEngine(), clock: ManualTimerClock())
            }
            try! FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            try! FileManager.default.moveItem(atPath: sample.path, toPath: parent + "/data")
            ForeignOwnership.makeUnreadable(parent + "/data/Default/SessionStorage/main")
            ForeignOwnership.becomeUser(owning: parent)
            let result = try! SwiftletProcess.run(["sessions", "list", "--user-data-dir", parent + "/data"])
            precondition(result.status == 1, "\(result.status) \(result.errors)")
            precondition(result.output.contains("  old  closed  1 tab"), result.output)
            precondition(
                result.errors.contains("incomplete:")
                    && result.errors.contains("main/session_metadata.pb cannot be read"),
                result.errors)
        }
    }

    @Test func listHelpSaysWhatItPrintsAndItsOptions() throws {
        let result = try run(["sessions", "list", "--help"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("USAGE: swiftlet sessions list [--json] [--user-data-dir <dir>]"))
        #expect(result.output.contains("List the saved windows of each profile"))
        #expect(result.output.contains("--json"))
        #expect(result.output.contains("--user-data-dir <dir>"))
        #expect(result.output.contains("$XDG_DATA_HOME/swiftlet"), "the default directory")
        let show = try run(["help", "sessions", "show"])
        #expect(show.status == 0, "\(show.errors)")
        #expect(show.output.contains("USAGE: swiftlet sessions show [<window-id>]"))
    }
}
