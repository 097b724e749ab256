import ArgumentParser

/// The options of the browser window (`swiftlet [URL…]` without `--headless`).
struct WindowOptions: ParsableArguments {
    @Flag(help: "Open the URLs in a new window rather than in the running browser's last one.")
    var newWindow = false

    @Flag(help: "Open the URLs in an incognito window: nothing of it is kept after it closes.")
    var incognito = false

    @Flag(
        help: ArgumentHelp(
            "Discard the running browser's background tabs now, as memory pressure does: they free their memory and come back when selected."
        ))
    var discardBackgroundTabs = false

    @Option(
        help: ArgumentHelp(
            "Once the first page has loaded, write a PNG of the whole window and quit.", valueName: "file.png"
        ))
    var windowScreenshot: String?
}
