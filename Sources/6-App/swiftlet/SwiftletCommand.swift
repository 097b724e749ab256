import ArgumentParser
import Foundation

/// `swiftlet`: the root command. Without a subcommand it runs ``OpenCommand`` (open the
/// browser or, with `--headless`, load URLs in the real engine); `swiftlet sessions …` reads
/// saved sessions (``SessionsCommand``), `swiftlet history …` the browsing history
/// (``HistoryCommand``), `swiftlet import …` brings in another browser's bookmarks and history
/// (``ImportCommand``), `swiftlet bookmarks export` writes the bookmarks out (``BookmarksCommand``).
struct SwiftletCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swiftlet",
        abstract: "Swiftlet — a web browser for Linux, written in Swift on WebKit.",
        usage: """
            swiftlet [--user-data-dir <dir>] [<url> ...]
            swiftlet --headless [--screenshot <file.png>] [--dump title|url|history ...] [--timeout <seconds>]
                                [--user-data-dir <dir>] <url> ...
            swiftlet --headless --demo [--screenshot <file.png>]
            swiftlet sessions list [--json] [--user-data-dir <dir>]
            swiftlet sessions show [<window-id>] [--json] [--user-data-dir <dir>]
            swiftlet history list [--since <date>] [--limit <n>] [--json] [--user-data-dir <dir>]
            swiftlet history search <word> ... [--since <date>] [--limit <n>] [--json] [--user-data-dir <dir>]
            swiftlet import firefox|chromium|epiphany [--profile <name>] [--user-data-dir <dir>]
            swiftlet import html <file> [--user-data-dir <dir>]
            swiftlet bookmarks export <file> [--user-data-dir <dir>]
            """,
        discussion: """
            Without a subcommand, `swiftlet` runs `swiftlet open`: `swiftlet open --help` \
            describes the headless mode and its options.

            The browser core works as libraries (tab model, profiles, sessions, the WebKit \
            engine); `make test` exercises it, `make bench` prints its figures, `make run` \
            renders the demo.
            """,
        version: "swiftlet 0.1.0",
        subcommands: [
            OpenCommand.self, SessionsCommand.self, HistoryCommand.self, ImportCommand.self,
            BookmarksCommand.self,
        ],
        defaultSubcommand: OpenCommand.self)
}
