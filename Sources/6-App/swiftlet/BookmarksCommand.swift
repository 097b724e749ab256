import ArgumentParser
import Bookmarks
import Foundation
import Profiles

/// `swiftlet bookmarks export FILE`: writes the `Default` profile's bookmarks as a Netscape
/// bookmark HTML file, which every browser imports (Chromium's
/// chrome/browser/bookmarks/bookmark_html_writer.cc writes the same).
struct BookmarksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmarks",
        abstract: "Export the bookmarks of a user data directory.",
        subcommands: [Export.self])

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the bookmarks to an HTML file (the Bookmarks Menu as the toolbar folder).",
            discussion: "Swiftlet must not be running: exits 1 if it is.")

        @Argument(help: ArgumentHelp("The file to write (replaced if it exists).", valueName: "file"))
        var file: String

        @OptionGroup var userData: UserDataOptions

        func run() throws {
            try MainActor.assumeIsolated { try BookmarksCommand.export(to: file, userData: userData) }
        }
    }

    /// `swiftlet bookmarks` alone is a mistake in the command line: it says so, with the help.
    func run() throws {
        let help = SwiftletCommand.helpMessage(for: BookmarksCommand.self)
        FileHandle.standardError.write(Data("Error: say export\n\n\(help)\n".utf8))
        throw ExitCode(2)
    }

    @MainActor
    static func export(to file: String, userData: UserDataOptions) throws {
        let directory = try userData.resolve()
        guard !RunningBrowser.isRunning else {
            FileHandle.standardError.write(Data("swiftlet: bookmarks: \(RunningBrowser.refusal)\n".utf8))
            throw ExitCode(1)
        }
        let profile = ProfileWriting(userDataDirectory: directory)
        let entries = profile.run {
            await profile.bookmarks.waitUntilLoaded()
            return profile.bookmarks.exportEntries()
        }
        profile.close()
        do {
            try Data(NetscapeBookmarkFile.write(entries).utf8).write(
                to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            FileHandle.standardError.write(
                Data(
                    "swiftlet: bookmarks: \(file) could not be written: \(error.localizedDescription)\n".utf8)
            )
            throw ExitCode(1)
        }
        let count = entries.reduce(0) { $0 + $1.bookmarkCount }
        print("Exported \(count) bookmarks to \(file)")
    }
}
