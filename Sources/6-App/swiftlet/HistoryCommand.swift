import ArgumentParser
import Foundation
import History
import Profiles

/// `swiftlet history list [--since DATE] [--limit N] [--json] [--user-data-dir DIR]` and
/// `swiftlet history search WORDS… [--since DATE] [--limit N] [--json] [--user-data-dir DIR]`:
/// print the visits of every profile's `History` file, newest first, opened read-only without
/// starting the engine, so it works while the browser runs.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Print the browsing history of a user data directory.",
        discussion: """
            Reads each profile's History file read-only without starting the engine and \
            without changing anything, so it can look at the history of a browser that is \
            running (it sees what was committed: the browser commits every 10 seconds) or \
            that crashed.
            """,
        subcommands: [List.self, Search.self])

    /// What `list` and `search` share.
    struct Options: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                "Only visits from this time on: YYYY-MM-DD (local midnight) or an ISO 8601 date and time.",
                valueName: "date"),
            transform: HistoryCommand.parseDate)
        var since: Date?

        @Option(help: "At most this many visits a profile (default: all).")
        var limit: Int?

        @Flag(help: "Print the visits as JSON.")
        var json = false

        @OptionGroup
        var userData: UserDataOptions

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit needs a count of 1 or more") }
        }
    }

    /// `swiftlet history list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the visits of each profile, newest first.",
            discussion: """
                One line a visit: its time, its title and its URL. Redirect hops and hidden \
                pages are left out, as in the History window. Exits 1 when a history file \
                cannot be read (the reason goes to standard error).
                """)

        @OptionGroup
        var options: Options

        func run() throws { try HistoryCommand.run(text: "", options) }
    }

    /// `swiftlet history search`.
    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the visits whose title or URL holds every word given, newest first.")

        @Argument(help: ArgumentHelp("The words to look for (case is ignored).", valueName: "word"))
        var words: [String]

        @OptionGroup
        var options: Options

        func validate() throws {
            if words.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                throw ValidationError("say what to search for")
            }
        }

        func run() throws { try HistoryCommand.run(text: words.joined(separator: " "), options) }
    }

    /// `swiftlet history` alone is a mistake in the command line: it says so, with the help.
    func run() throws {
        let help = SwiftletCommand.helpMessage(for: HistoryCommand.self)
        FileHandle.standardError.write(Data("Error: say list or search\n\n\(help)\n".utf8))
        throw ExitCode(2)
    }

    /// The visits of one profile, as printed.
    struct ProfileHistory: Encodable {
        var profile: String
        var visits: [Visit]
    }

    struct Visit: Encodable {
        var id: Int64
        var time: Date
        var title: String
        var url: String
        var transition: String
    }

    /// Prints the visits matching `text` of every profile of the directory; a file that cannot
    /// be read exits 1 with the reason on standard error, after the others.
    static func run(text: String, _ options: Options) throws {
        let directory = try options.userData.resolve().path
        var failed = false
        var histories: [ProfileHistory] = []
        let queryOptions = HistoryQueryOptions(begin: options.since, maxCount: options.limit ?? 0)
        for profile in profiles(in: directory) {
            let path = directory.appendingPathComponent(profile).appendingPathComponent(
                HistoryService.fileName
            ).path
            do {
                let reader = try HistoryFileReader(path: path)
                let entries = try reader.queryHistory(text, options: queryOptions)
                histories.append(
                    ProfileHistory(
                        profile: profile,
                        visits: entries.map {
                            Visit(
                                id: $0.id, time: $0.visitTime, title: $0.title, url: $0.url.absoluteString,
                                transition: $0.transition.description)
                        }))
            } catch {
                fail(error.description)
                failed = true
            }
        }
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            print(String(decoding: try encoder.encode(histories), as: UTF8.self))
        } else {
            print(self.text(histories, directory: directory.path), terminator: "")
        }
        if failed { throw ExitCode(1) }
    }

    /// The profiles of `directory` that have a history file, by name.
    static func profiles(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            FileManager.default.fileExists(
                atPath: directory.appendingPathComponent(name).appendingPathComponent(HistoryService.fileName)
                    .path)
        }.sorted()
    }

    static func text(_ histories: [ProfileHistory], directory: String) -> String {
        var text = "User data: \(directory)\n"
        if histories.isEmpty { text += "No history.\n" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        for history in histories {
            text += "\nProfile \(history.profile)\n"
            if history.visits.isEmpty { text += "  no visits\n" }
            for visit in history.visits {
                let page = visit.title.isEmpty ? visit.url : "\"\(visit.title)\" \(visit.url)"
                text += "  \(formatter.string(from: visit.time))  \(page)\n"
            }
        }
        return text
    }

    /// `YYYY-MM-DD` (midnight, local time) or an ISO 8601 date and time.
    static func parseDate(_ text: String) throws -> Date {
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.dateFormat = "yyyy-MM-dd"
        if let date = day.date(from: text) { return date }
        let withZone = ISO8601DateFormatter()
        if let date = withZone.date(from: text) { return date }
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        if let date = local.date(from: text) { return date }
        throw ValidationError("--since: '\(text)' is not YYYY-MM-DD nor an ISO 8601 date and time")
    }

    private static func fail(_ message: String) {
        FileHandle.standardError.write(Data("swiftlet: history: \(message)\n".utf8))
    }
}
