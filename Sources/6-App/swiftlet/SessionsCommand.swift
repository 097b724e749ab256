import ArgumentParser
import Foundation
import Profiles
import Sessions

/// `swiftlet sessions list [--json] [--user-data-dir DIR]` and
/// `swiftlet sessions show [WINDOW-ID] [--json] [--user-data-dir DIR]`: print the saved windows,
/// their tabs and the recently closed entries of a user data directory, read from disk
/// without starting the engine and without changing anything.
struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "Print the saved sessions of a user data directory.",
        discussion: """
            Reads the session files from disk without starting the engine and without \
            changing anything, so it can look at the data of a browser that is running or \
            that crashed.
            """,
        subcommands: [List.self, Show.self])

    /// `swiftlet sessions list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the saved windows of each profile and count its recently closed entries.",
            discussion: """
                One line a window: its session id (what `sessions show` takes), its state \
                (open: the next launch restores it or offers to; closed: it goes to recently \
                closed), its tab count and its active tab. Exits 1 when the directory, or a \
                part of it, cannot be read (the reason goes to standard error).
                """)

        @Flag(help: "Print the whole report as JSON.")
        var json = false

        @OptionGroup
        var userData: UserDataOptions

        func run() throws {
            try SessionsCommand.run(.list, json: json, userDataDirectory: userData.resolve())
        }
    }

    /// `swiftlet sessions show`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Show the tabs of a saved window (of every window, and the recently closed, without an id).",
            discussion: """
                Each tab: index, active mark, title, URL, and whether it is pinned, its group, \
                its opener and its history length.
                """)

        @Argument(
            help: ArgumentHelp("The window's session id, or a prefix of only one.", valueName: "window-id"))
        var windowID: String?

        @Flag(help: "Print the window (or the whole report) as JSON.")
        var json = false

        @OptionGroup
        var userData: UserDataOptions

        func run() throws {
            try SessionsCommand.run(.show(windowID), json: json, userDataDirectory: userData.resolve())
        }
    }

    /// `swiftlet sessions` alone is a mistake in the command line: it says so, with the help.
    func run() throws {
        let help = SwiftletCommand.helpMessage(for: SessionsCommand.self)
        FileHandle.standardError.write(Data("Error: say list or show\n\n\(help)\n".utf8))
        throw ExitCode(2)
    }

    /// What to print.
    enum Action: Equatable {
        case list
        case show(String?)
    }

    /// Prints `action` for `userDataDirectory`; a failure to read it, or any part of it,
    /// exits 1 with the reason on standard error (after the report, for a part).
    static func run(_ action: Action, json: Bool, userDataDirectory: UserDataDirectory) throws {
        let status = printReport(action, json: json, userDataDirectory: userDataDirectory)
        if status != 0 { throw ExitCode(status) }
    }

    private static func printReport(
        _ action: Action, json: Bool, userDataDirectory: UserDataDirectory
    ) -> Int32 {
        let report: SessionReport
        do { report = try SessionInspector(userDataDirectory: userDataDirectory.path).inspect() } catch {
            fail(error.description)
            return 1
        }
        switch action {
        case .list:
            if json { return printJSON(report) }
            print(listText(report), terminator: "")
        case .show(nil):
            if json { return printJSON(report) }
            print(showText(report, windows: report.windows, recentlyClosed: true), terminator: "")
        case .show(let id?):
            guard let window = window(id, in: report) else {
                fail(
                    "no window session '\(id)' in \(report.userDataDirectory) (`swiftlet sessions list` shows them)"
                )
                return 1
            }
            if json { return printJSON(window) }
            print(showText(report, windows: [window], recentlyClosed: false), terminator: "")
        }
        // What could not be read may hide windows or tabs: the report is incomplete.
        let unread = report.allProblems.filter(\.isNotReadable)
        for problem in unread { fail("incomplete: \(problem)") }
        return unread.isEmpty ? 0 : 1
    }

    /// The window whose session id is `id`, or the only one it is a prefix of.
    static func window(_ id: String, in report: SessionReport) -> SessionReport.Window? {
        if let exact = report.windows.first(where: { $0.sessionID == id }) { return exact }
        let matches = report.windows.filter { $0.sessionID.hasPrefix(id) }
        return matches.count == 1 ? matches[0] : nil
    }

    // MARK: Text

    static func listText(_ report: SessionReport) -> String {
        var text = header(report)
        for profile in report.profiles {
            text += "\nProfile \(profile.name)\n"
            if profile.windows.isEmpty { text += "  no windows\n" }
            for window in profile.windows {
                let active = window.tabs.first(where: \.active)
                text +=
                    "  \(window.sessionID)\(window.incognito ? " (incognito)" : "")  \(window.state.rawValue)  "
                    + "\(count(window.tabs.count, "tab"))"
                if let active { text += "  active: \(describe(title: active.title, url: active.url))" }
                if !window.problems.isEmpty { text += "  [\(count(window.problems.count, "problem"))]" }
                text += "\n"
            }
            text += "  recently closed: \(count(profile.recentlyClosed.count, "entry", "entries"))\n"
            for problem in profile.problems { text += "  problem: \(problem)\n" }
        }
        return text
    }

    static func showText(
        _ report: SessionReport, windows: [SessionReport.Window], recentlyClosed: Bool
    ) -> String {
        var text = header(report)
        for window in windows {
            text +=
                "\nWindow \(window.sessionID) — profile \(window.profile)\(window.incognito ? ", incognito" : "")"
                + " — \(window.state.rawValue) — \(count(window.tabs.count, "tab"))\n"
            for tab in window.tabs {
                var flags: [String] = []
                if tab.pinned { flags.append("pinned") }
                if let group = tab.group { flags.append("group \"\(group)\"") }
                if let opener = tab.opener { flags.append("opener \(opener)") }
                flags.append(count(tab.navigationItemCount, "entry", "entries"))
                if tab.wasLoading { flags.append("was loading") }
                flags.append("id \(tab.id)")
                text +=
                    "  \(pad(String(tab.index), 3)) \(tab.active ? "*" : " ") "
                    + "\(describe(title: tab.title, url: tab.url))  (\(flags.joined(separator: ", ")))\n"
            }
            for group in window.groups {
                text +=
                    "  group \"\(group.title)\": \(group.color)\(group.collapsed ? ", collapsed" : ""), tabs "
                    + "\(group.start)–\(group.start + group.count - 1)\n"
            }
            for problem in window.problems { text += "  problem: \(problem)\n" }
        }
        guard recentlyClosed else { return text }
        for profile in report.profiles where !profile.recentlyClosed.isEmpty || !profile.problems.isEmpty {
            text += "\nRecently closed — profile \(profile.name)\n"
            for entry in profile.recentlyClosed {
                let from = entry.windowSessionID.map { " from window \($0)" } ?? ""
                switch entry.kind {
                case .window:
                    let tabs = entry.tabs ?? []
                    text += "  window  \(timestamp(entry.closedTime))  \(count(tabs.count, "tab"))\(from)\n"
                    for tab in tabs {
                        text += "          \(describe(title: tab.title ?? "", url: tab.url ?? ""))\n"
                    }
                case .tab:
                    var flags = [count(entry.navigationItemCount ?? 0, "entry", "entries")]
                    if let window = entry.windowSessionID { flags.append("from window \(window)") }
                    if let index = entry.index { flags.append("index \(index)") }
                    text +=
                        "  tab     \(timestamp(entry.closedTime))  "
                        + "\(describe(title: entry.title ?? "", url: entry.url ?? ""))  (\(flags.joined(separator: ", ")))\n"
                }
            }
            for problem in profile.problems { text += "  problem: \(problem)\n" }
        }
        return text
    }

    private static func header(_ report: SessionReport) -> String {
        var text = "User data: \(report.userDataDirectory)\n"
        if report.lastRunCrashed {
            text += "The last run did not exit cleanly: the next launch offers to restore its sessions.\n"
        }
        if report.profiles.isEmpty { text += "No profiles.\n" }
        for problem in report.problems { text += "problem: \(problem)\n" }
        return text
    }

    private static func describe(title: String, url: String) -> String {
        title.isEmpty ? url : "\"\(title)\" \(url)"
    }

    private static func count(_ n: Int, _ one: String, _ many: String? = nil) -> String {
        "\(n) \(n == 1 ? one : many ?? one + "s")"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }

    // MARK: JSON

    private static func printJSON(_ value: some Encodable) -> Int32 {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            print(String(decoding: try encoder.encode(value), as: UTF8.self))
            return 0
        } catch {
            fail("could not encode the report: \(error)")
            return 1
        }
    }

    private static func fail(_ message: String) {
        FileHandle.standardError.write(Data("swiftlet: sessions: \(message)\n".utf8))
    }
}
