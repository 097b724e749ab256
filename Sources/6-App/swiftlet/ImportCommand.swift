import ArgumentParser
import Bookmarks
import Foundation
import Importer
import Profiles

/// `swiftlet import firefox|chromium|epiphany [--profile NAME]` and `swiftlet import html FILE`:
/// bring another browser's bookmarks and history into the `Default` profile, and print the
/// report. It writes the profile's files, so it refuses while a Swiftlet window runs (the
/// window's Import dialog does the same import there).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import bookmarks and history from another browser, or bookmarks from an HTML file.",
        discussion: """
            Reads the other browser's files from copies, so it works while that browser runs; \
            importing the same source again adds nothing. Firefox gives bookmarks (with their \
            folders) and history, Chromium and Google Chrome bookmarks and history, GNOME Web \
            its history (its bookmarks through its own export: Bookmarks ▸ Export, then \
            `swiftlet import html`). Swiftlet must not be running: exits 1 if it is.
            """,
        subcommands: [Firefox.self, Chromium.self, Epiphany.self, HTML.self])

    struct ProfileOptions: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                "The other browser's profile: its name or its directory's (default: the one it opens).",
                valueName: "name"))
        var profile: String?

        @OptionGroup
        var userData: UserDataOptions
    }

    struct Firefox: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import Firefox's bookmarks and history (the open tabs come over in the window only).")
        @OptionGroup var options: ProfileOptions
        func run() throws { try ImportCommand.run(.firefox, options) }
    }

    struct Chromium: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import the bookmarks and history of Chromium or Google Chrome.")
        @OptionGroup var options: ProfileOptions
        func run() throws { try ImportCommand.run(.chromium, options) }
    }

    struct Epiphany: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import GNOME Web's history (its bookmarks: export them to HTML from GNOME Web).")
        @OptionGroup var options: ProfileOptions
        func run() throws { try ImportCommand.run(.epiphany, options) }
    }

    struct HTML: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "html",
            abstract: "Import the bookmarks of a bookmark HTML file (any browser's export).")

        @Argument(help: ArgumentHelp("The file.", valueName: "file"))
        var file: String

        @OptionGroup var userData: UserDataOptions

        func run() throws {
            let url = URL(fileURLWithPath: file)
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                throw ValidationError("\(file): no such file, or not readable")
            }
            try MainActor.assumeIsolated {
                try ImportCommand.importing(.bookmarksFile(url), userData: userData)
            }
        }
    }

    /// `swiftlet import` alone is a mistake in the command line: it says so, with the help.
    func run() throws {
        let help = SwiftletCommand.helpMessage(for: ImportCommand.self)
        FileHandle.standardError.write(
            Data("Error: say firefox, chromium, epiphany or html\n\n\(help)\n".utf8))
        throw ExitCode(2)
    }

    enum Browser { case firefox, chromium, epiphany }

    static func run(_ browser: Browser, _ options: ProfileOptions) throws {
        let environment = ProcessInfo.processInfo.environment
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory(), isDirectory: true)
        let found = ImportSource.find(home: home, environment: environment).filter { source in
            switch (browser, source) {
            case (.firefox, .firefox), (.chromium, .chromium), (.epiphany, .epiphany): true
            default: false
            }
        }
        guard !found.isEmpty else {
            fail("no \(browser) profile found under \(home.path)")
            throw ExitCode(1)
        }
        let source: ImportSource
        if let wanted = options.profile {
            let named = found.filter { matches($0, wanted) }
            guard named.count == 1 else {
                fail(
                    "\(named.isEmpty ? "no" : "more than one") profile named “\(wanted)”; found: "
                        + found.map { "“\($0.displayName)”" }.joined(separator: ", "))
                throw ExitCode(1)
            }
            source = named[0]
        } else {
            source =
                found.first {
                    if case .firefox(let profile) = $0 { return profile.isDefault }
                    return false
                } ?? found[0]
        }
        try MainActor.assumeIsolated { try importing(source, userData: options.userData) }
    }

    /// Whether `source` is the profile a person called `name`: its name, its directory's
    /// name, or its name in a list (“Google Chrome — Work”).
    static func matches(_ source: ImportSource, _ name: String) -> Bool {
        let names: [String] =
            switch source {
            case .firefox(let profile): [profile.name, profile.directory.lastPathComponent]
            case .chromium(let profile): [profile.name, profile.directory.lastPathComponent]
            case .epiphany(let profile): [profile.name, profile.directory.path]
            case .bookmarksFile(let file): [file.lastPathComponent]
            }
        return (names + [source.displayName]).contains(name)
    }

    /// Imports `source` into the Default profile of the directory and prints the report.
    @MainActor
    static func importing(_ source: ImportSource, userData: UserDataOptions) throws {
        let directory = try userData.resolve()
        if let refusal = directory.refusalToRun() {
            fail(refusal)
            throw ExitCode(1)
        }
        guard !RunningBrowser.isRunning else {
            fail(RunningBrowser.refusal)
            throw ExitCode(1)
        }
        let profile = ProfileWriting(userDataDirectory: directory)
        let report = profile.run {
            await ImporterHost(
                writer: ProfileWriter(bookmarkModel: profile.bookmarks, historyService: profile.history)
            ).startImport(source)
        }
        profile.close()
        print(report.lines.joined(separator: "\n"))
    }

    static func fail(_ message: String) {
        FileHandle.standardError.write(Data("swiftlet: import: \(message)\n".utf8))
    }
}
