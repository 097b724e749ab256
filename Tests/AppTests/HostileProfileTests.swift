import Base
import FileSystemTestSupport
import Foundation
import LocalHTTPServer
import SessionsTestSupport
import Testing
import WebTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The hostile profile battery: user data directories built by hand as a careless user or an
/// attacker would leave them — named pipes, links to devices and to directories outside,
/// links where directories belong, files of root and of another user, window ids of every bad
/// kind. For each, the built `swiftlet sessions list --json`, `sessions show --json` and the
/// browser's launch finish within seconds, every good window is kept, and nothing outside the
/// user data directory is touched (a sibling directory, where the links lead, is listed and
/// hashed before and after).
@MainActor
struct HostileProfileTests {
    /// What is done to a user data directory holding the open windows `good1`, `good2` and
    /// `bad` of profile Default (each with two tabs) and a recently closed tab.
    enum Damage: String, CaseIterable, Codable, Sendable, CustomStringConvertible {
        case localStateIsAPipe, localStateLinksToDevZero, localStateLinksOutside
        case preferencesIsAPipe, preferencesLinksToDevZero
        case recentlyClosedIsAPipe, recentlyClosedLinksToDevZero
        case listIsAPipe, listLinksToDevZero, listIsADirectory
        case tabDataIsAPipe, tabDataLinksToDevZero, tabStateIsAPipe
        case sessionLinksOutside, tabDirectoryLinksOutside, closedSessionLinksOutside,
            sessionStorageLinksOutside
        case windowIDsOfEveryBadKind
        case listIsRoots, tabDataIsAnotherUsers, sessionDirectoryIsRoots, localStateIsAnotherUsers

        var description: String { rawValue }

        /// Whether the commands run as another user than root (the profile is theirs, but for
        /// the files of root or another user that this damage puts in it).
        var runsAsAUser: Bool {
            [.listIsRoots, .tabDataIsAnotherUsers, .sessionDirectoryIsRoots, .localStateIsAnotherUsers]
                .contains(self)
        }

        /// Whether the good windows stay where they are (a link in place of the whole session
        /// storage hides every window: it is left alone, and nothing is read through it).
        var keepsTheGoodWindowsInView: Bool { self != .sessionStorageLinksOutside }
    }

    static let windows = ["good1", "good2", "bad"]

    /// Makes the user data directory `parent/data` and the sibling `parent/outside`, and
    /// applies `damage`.
    static func makeProfile(_ damage: Damage, in parent: String) throws -> String {
        let sample = try SampleUserDataDirectory.makeOpenWindows(
            windows, engine: FakeWebEngine(), clock: ManualTimerClock())
        let data = parent + "/data"
        let outside = parent + "/outside"
        let manager = FileManager.default
        try manager.createDirectory(atPath: outside + "/photos", withIntermediateDirectories: true)
        _ = manager.createFile(atPath: outside + "/notes.txt", contents: Data("mine".utf8))
        _ = manager.createFile(atPath: outside + "/photos/a.jpg", contents: Data("jpeg".utf8))
        _ = manager.createFile(atPath: outside + "/" + "session_metadata.pb", contents: Data([1, 2]))
        try manager.moveItem(atPath: sample.path, toPath: data)
        let profile = data + "/Default"
        let bad = profile + "/SessionStorage/bad"
        let tabs = try manager.contentsOfDirectory(atPath: bad).filter { $0.count == 8 }.sorted()
        let tab = bad + "/" + tabs[0]
        switch damage {
        case .localStateIsAPipe: HostileEntry.namedPipe.replace(data + "/Local State", outside: outside)
        case .localStateLinksToDevZero:
            HostileEntry.linkToDevZero.replace(data + "/Local State", outside: outside)
        case .localStateLinksOutside:
            HostileEntry.linkToFileOutside.replace(data + "/Local State", outside: outside)
        case .preferencesIsAPipe: HostileEntry.namedPipe.replace(profile + "/Preferences", outside: outside)
        case .preferencesLinksToDevZero:
            HostileEntry.linkToDevZero.replace(profile + "/Preferences", outside: outside)
        case .recentlyClosedIsAPipe:
            HostileEntry.namedPipe.replace(profile + "/RecentlyClosed.pb", outside: outside)
        case .recentlyClosedLinksToDevZero:
            HostileEntry.linkToDevZero.replace(profile + "/RecentlyClosed.pb", outside: outside)
        case .listIsAPipe: HostileEntry.namedPipe.replace(bad + "/session_metadata.pb", outside: outside)
        case .listLinksToDevZero:
            HostileEntry.linkToDevZero.replace(bad + "/session_metadata.pb", outside: outside)
        case .listIsADirectory: HostileEntry.directory.replace(bad + "/session_metadata.pb", outside: outside)
        case .tabDataIsAPipe: HostileEntry.namedPipe.replace(tab + "/data.pb", outside: outside)
        case .tabDataLinksToDevZero: HostileEntry.linkToDevZero.replace(tab + "/data.pb", outside: outside)
        case .tabStateIsAPipe: HostileEntry.namedPipe.replace(tab + "/state.pb", outside: outside)
        case .sessionLinksOutside: HostileEntry.linkToDirectoryOutside.replace(bad, outside: outside)
        case .tabDirectoryLinksOutside: HostileEntry.linkToDirectoryOutside.replace(tab, outside: outside)
        case .closedSessionLinksOutside:
            HostileEntry.linkToDirectoryOutside.make(at: profile + "/SessionStorage/closed", outside: outside)
        case .sessionStorageLinksOutside:
            HostileEntry.linkToDirectoryOutside.replace(profile + "/SessionStorage", outside: outside)
        case .windowIDsOfEveryBadKind:
            try editOpenWindows(data) { records in
                for id in ["", ".", "..", "a/b", "/", "..\u{0}", "../Default", "good1"] {
                    records.append(["session_id": id, "profile": "Default", "incognito": false])
                }
                records.append(["session_id": 7])
            }
        case .listIsRoots: chown(bad + "/session_metadata.pb", 0, 0)
        case .tabDataIsAnotherUsers: ForeignOwnership.makeUnreadable(tab + "/data.pb")
        case .sessionDirectoryIsRoots:
            chown(bad, 0, 0)
            chmod(bad, 0o700)
        case .localStateIsAnotherUsers: ForeignOwnership.makeUnreadable(data + "/Local State")
        }
        if damage.runsAsAUser {
            let roots =
                switch damage {
                case .listIsRoots: [bad + "/session_metadata.pb"]
                case .sessionDirectoryIsRoots: [bad]
                default: [String]()
                }
            giveToTheUser(data, keepingRootsIn: roots)
        }
        return data
    }

    /// Rewrites `Local State`'s list of open windows.
    static func editOpenWindows(_ data: String, _ edit: (inout [Any]) -> Void) throws {
        let url = URL(fileURLWithPath: data + "/Local State")
        var root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
        var application = root["application"] as? [String: Any] ?? [:]
        var records = application["open_scenes"] as? [Any] ?? []
        edit(&records)
        application["open_scenes"] = records
        root["application"] = application
        try JSONSerialization.data(withJSONObject: root).write(to: url)
    }

    /// Gives the files root owns under `data` to ``ForeignOwnership/user``, but those at or
    /// below `kept` (root's, as `sudo swiftlet` leaves them).
    static func giveToTheUser(_ data: String, keepingRootsIn kept: [String]) {
        var info = stat()
        let paths =
            [data]
            + (FileManager.default.enumerator(atPath: data)?.compactMap { $0 as? String } ?? [])
            .map { data + "/" + $0 }
        for path in paths where lstat(path, &info) == 0 && info.st_uid == 0 {
            guard !kept.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else { continue }
            lchown(path, ForeignOwnership.user, gid_t(ForeignOwnership.user))
        }
    }

    /// The windows `sessions list --json` reports, by session id, with their state and URLs.
    static func windowsReported(_ json: String) -> [String: (state: String, urls: [String])] {
        guard let report = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let profiles = report["profiles"] as? [[String: Any]]
        else { return [:] }
        var windows: [String: (String, [String])] = [:]
        for profile in profiles {
            for window in profile["windows"] as? [[String: Any]] ?? [] {
                guard let id = window["sessionID"] as? String else { continue }
                let urls = (window["tabs"] as? [[String: Any]] ?? []).compactMap { $0["url"] as? String }
                windows[id] = (window["state"] as? String ?? "", urls)
            }
        }
        return windows
    }

    @Test(
        .enabled(if: ForeignOwnership.isRoot, "builds files of root and of another user"),
        .timeLimit(.minutes(10)), arguments: Damage.allCases)
    func aHostileProfileNeitherHangsNorLosesAWindowNorTouchesAnythingOutside(_ damage: Damage) throws {
        let parent = NSTemporaryDirectory() + "swiftlet-hostile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let data = try Self.makeProfile(damage, in: parent)
        let outside = DirectorySnapshot(of: parent + "/outside")
        let user = damage.runsAsAUser ? UInt32(ForeignOwnership.user) : nil
        // A home and a runtime directory the user may write, for the launch's GTK and WebKit.
        let home = parent + "/home"
        try FileManager.default.createDirectory(atPath: home + "/runtime", withIntermediateDirectories: true)
        chmod(home + "/runtime", 0o700)
        if let user {
            lchown(home, user, gid_t(user))
            lchown(home + "/runtime", user, gid_t(user))
        }
        let environment = [
            "HOME": home, "XDG_RUNTIME_DIR": home + "/runtime", "XDG_CACHE_HOME": home + "/cache",
            "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/share",
            "SWIFTLET_APP_ID": "org.swiftlet.Test\(UInt32.random(in: 1...UInt32.max))",
        ]
        func run(_ arguments: [String], timeout: Duration) throws -> SwiftletProcess.Result {
            let result = try SwiftletProcess.run(
                arguments, environment: environment, timeout: timeout, user: user)
            #expect(!result.timedOut, "\(damage): \(arguments.prefix(2)) did not finish in \(timeout)")
            return result
        }

        let list = try run(["sessions", "list", "--json", "--user-data-dir", data], timeout: .seconds(30))
        let show = try run(["sessions", "show", "--json", "--user-data-dir", data], timeout: .seconds(30))
        for (name, result) in [("list", list), ("show", show)] {
            let windows = Self.windowsReported(result.output)
            if damage.keepsTheGoodWindowsInView {
                #expect(
                    windows["good1"]?.urls == ["https://good1.test/1", "https://good1.test/2"]
                        && windows["good2"]?.urls == ["https://good2.test/1", "https://good2.test/2"],
                    "\(damage): sessions \(name) \(result.status): \(result.errors)")
            }
        }

        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("/", .html("<title>Here</title><p>here</p>"))
        let launch = try run(
            [
                "--user-data-dir", data, "--window-screenshot", home + "/window.png",
                server.url("/").absoluteString,
            ],
            timeout: .seconds(120))
        #expect(launch.status == 0, "\(damage): the launch: \(launch.status) \(launch.errors)")

        let after = Self.windowsReported(
            try run(["sessions", "list", "--json", "--user-data-dir", data], timeout: .seconds(30)).output)
        if damage.keepsTheGoodWindowsInView {
            for window in ["good1", "good2"] {
                let urls = after[window]?.urls ?? []
                #expect(
                    Array(urls.prefix(2)) == ["https://\(window).test/1", "https://\(window).test/2"],
                    "\(damage): \(window) after the launch: \(urls)")
            }
        }
        #expect(DirectorySnapshot(of: parent + "/outside") == outside, "\(damage): something outside changed")
    }
}
