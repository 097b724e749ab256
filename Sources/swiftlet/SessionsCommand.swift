import Foundation
import Profiles
import Sessions

/// `swiftlet sessions list [--json] [--user-data-dir DIR]` and
/// `swiftlet sessions show [ID] [--json] [--user-data-dir DIR]`: print the saved windows,
/// their tabs and the recently closed entries of a user data directory, read from disk
/// without starting the engine and without changing anything.
struct SessionsCommand {
    static let usage = """
        usage: swiftlet sessions list [--json] [--user-data-dir DIR]
               swiftlet sessions show [WINDOW-ID] [--json] [--user-data-dir DIR]
        """

    enum Action: Equatable {
        case list
        case show(String?)
    }

    var action: Action
    var json = false
    var userDataDirectory: UserDataDirectory

    /// Parses the arguments after `sessions`.
    static func parse(
        _ arguments: [String], environment: [String: String]
    ) -> Result<SessionsCommand, UsageError> {
        var words: [String] = []
        var json = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--json" {
                json = true
            } else if argument == "--user-data-dir" {
                index += 1
            } else if argument.hasPrefix("--user-data-dir=") {
            } else if argument.hasPrefix("-") {
                return .failure(UsageError("unknown option \(argument)"))
            } else {
                words.append(argument)
            }
            index += 1
        }
        let directory: UserDataDirectory
        do { directory = try UserDataDirectory.resolve(arguments: arguments, environment: environment) } catch
        {
            return .failure(UsageError(error.description))
        }
        let action: Action
        switch words.first {
        case "list" where words.count == 1: action = .list
        case "show" where words.count <= 2: action = .show(words.count == 2 ? words[1] : nil)
        case nil: return .failure(UsageError("say list or show"))
        default: return .failure(UsageError("unexpected '\(words.joined(separator: " "))'"))
        }
        return .success(SessionsCommand(action: action, json: json, userDataDirectory: directory))
    }

    /// A command line mistake.
    struct UsageError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// Runs `swiftlet sessions …` and returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        switch parse(arguments, environment: ProcessInfo.processInfo.environment) {
        case .failure(let error):
            fail("\(error.message)\n\(usage)")
            return 2
        case .success(let command):
            return command.run()
        }
    }

    func run() -> Int32 {
        let report: SessionReport
        do { report = try SessionInspector(userDataDirectory: userDataDirectory.path).inspect() } catch {
            Self.fail(error.description)
            return 1
        }
        switch action {
        case .list:
            if json { return Self.printJSON(report) }
            print(Self.listText(report), terminator: "")
        case .show(nil):
            if json { return Self.printJSON(report) }
            print(Self.showText(report, windows: report.windows, recentlyClosed: true), terminator: "")
        case .show(let id?):
            guard let window = Self.window(id, in: report) else {
                Self.fail(
                    "no window session '\(id)' in \(report.userDataDirectory) (`swiftlet sessions list` shows them)"
                )
                return 1
            }
            if json { return Self.printJSON(window) }
            print(Self.showText(report, windows: [window], recentlyClosed: false), terminator: "")
        }
        return 0
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
