import ArgumentParser
import Foundation

/// `swiftlet [open] [--headless …] [--user-data-dir DIR] [URL…]`, what `swiftlet` runs
/// without a subcommand: opens the browser's windows (``WindowRunner``) or, with
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
            Without --headless, opens the browser's windows, the URLs as new tabs (in the \
            running browser if there is one). With \
            --headless, loads the URLs in order in one tab of the real engine, waits for each \
            load, then writes a PNG of the page and prints what --dump asks for; with \
            --user-data-dir, pages load in that directory's Default profile and its data is \
            kept. With no display it starts its own Xvfb. Exits 2 on a mistake in the command \
            line, 1 when a page does not load.
            """)

    @OptionGroup(title: "Headless mode")
    var headless: HeadlessOptions

    @OptionGroup(title: "Window")
    var window: WindowOptions

    @OptionGroup
    var userData: UserDataOptions

    @Argument(help: ArgumentHelp("The pages to open.", valueName: "url"))
    var urls: [String] = []

    func validate() throws {
        guard headless.headless else {
            if headless.screenshot != nil || !headless.dump.isEmpty || headless.timeout != nil {
                throw ValidationError("--screenshot, --dump and --timeout need --headless")
            }
            return
        }
        if window.newWindow || window.incognito || window.windowScreenshot != nil
            || window.discardBackgroundTabs
        {
            throw ValidationError(
                "--new-window, --incognito, --window-screenshot and --discard-background-tabs are for the window: not with --headless"
            )
        }
        for url in urls where URL(string: url)?.scheme == nil {
            throw ValidationError("not a URL: \(url)")
        }
        if urls.isEmpty && !headless.demo { throw ValidationError("no URL given") }
    }

    func run() throws {
        guard headless.headless else {
            let status = MainActor.assumeIsolated { WindowRunner.run(self) }
            if status != 0 { throw ExitCode(status) }
            return
        }
        let options = HeadlessRunner.Options(
            screenshot: headless.screenshot, dumps: headless.dump, timeout: headless.timeout ?? 30,
            userDataDirectory: userData.path, demo: headless.demo, urls: urls.compactMap { URL(string: $0) })
        let status = MainActor.assumeIsolated { HeadlessRunner.run(options) }
        if status != 0 { throw ExitCode(status) }
    }
}
