import ArgumentParser
import Foundation

/// `swiftlet [open] [--headless …] [--user-data-dir DIR] [URL…]`, what `swiftlet` runs
/// without a subcommand: opens the browser (the windowed UI is not there yet) or, with
/// `--headless`, loads the URLs in the real engine (``HeadlessRunner``).
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the browser, or load pages in the real engine with --headless (the default).",
        usage: """
            swiftlet [open] [--user-data-dir <dir>] [<url> ...]
            swiftlet [open] --headless [--screenshot <file.png>] [--dump title|url|history ...]
                            [--timeout <seconds>] [--user-data-dir <dir>] <url> ...
            swiftlet [open] --headless --demo [--screenshot <file.png>]
            """,
        discussion: """
            Without --headless, opens the browser (the windowed UI is not there yet). With \
            --headless, loads the URLs in order in one tab of the real engine, waits for each \
            load, then writes a PNG of the page and prints what --dump asks for; with \
            --user-data-dir, pages load in that directory's Default profile and its data is \
            kept. With no display it starts its own Xvfb. Exits 2 on a mistake in the command \
            line, 1 when a page does not load.
            """)

    @OptionGroup(title: "Headless mode")
    var headless: HeadlessOptions

    @OptionGroup
    var userData: UserDataOptions

    @Argument(help: ArgumentHelp("The pages to open.", valueName: "url"))
    var urls: [String] = []

    func validate() throws {
        guard headless.headless else {
            if headless.anyGiven {
                throw ValidationError("--screenshot, --dump, --timeout and --demo need --headless")
            }
            return
        }
        for url in urls where URL(string: url)?.scheme == nil {
            throw ValidationError("not a URL: \(url)")
        }
        if urls.isEmpty && !headless.demo { throw ValidationError("no URL given") }
    }

    func run() throws {
        guard headless.headless else {
            if urls.isEmpty && userData.path == nil {
                print(SwiftletCommand.helpMessage())
                return
            }
            FileHandle.standardError.write(Data("swiftlet: the windowed browser is not available yet\n".utf8))
            throw ExitCode(2)
        }
        let options = HeadlessRunner.Options(
            screenshot: headless.screenshot, dumps: headless.dump, timeout: headless.timeout ?? 30,
            userDataDirectory: userData.path, demo: headless.demo, urls: urls.compactMap { URL(string: $0) })
        let status = MainActor.assumeIsolated { HeadlessRunner.run(options) }
        if status != 0 { throw ExitCode(status) }
    }
}
