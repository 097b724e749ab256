import ArgumentParser

/// The options of `swiftlet --headless`: load URLs in the real engine without a window of
/// the browser's own, then save a PNG and print facts about the page.
struct HeadlessOptions: ParsableArguments {
    /// What `--dump` prints.
    enum Dump: String, CaseIterable, ExpressibleByArgument {
        case title, url, history
    }

    @Flag(help: "Load the URLs in the real engine, without the browser's window.")
    var headless = false

    @Option(help: ArgumentHelp("Write a PNG of the page after the last load.", valueName: "file.png"))
    var screenshot: String?

    @Option(help: "Print the page's title, its URL or its history (repeatable).")
    var dump: [Dump] = []

    @Option(help: ArgumentHelp("Give each load this many seconds (default: 30).", valueName: "seconds"))
    var timeout: Double?

    @Flag(help: "Serve a built-in page from 127.0.0.1 and render it (what `make run` does).")
    var demo = false

    /// Whether any option other than `--headless` was given.
    var anyGiven: Bool { screenshot != nil || !dump.isEmpty || timeout != nil || demo }

    func validate() throws {
        if let timeout, !(timeout > 0 && timeout.isFinite) {
            throw ValidationError("--timeout needs a positive number of seconds")
        }
    }
}
