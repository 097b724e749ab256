/// What a command line asks the browser to do, parsed by the executable (its own or one a
/// second `swiftlet` forwarded to the running one).
public struct LaunchRequest: Equatable, Sendable {
    /// The pages to open, as typed (a scheme is added where it is missing).
    public var urls: [String]
    /// Open them in a new window rather than the last used one.
    public var newWindow: Bool
    /// Open them in an incognito window.
    public var incognito: Bool
    /// With no display of its own: write a PNG of the first window here once its page has
    /// loaded, then quit (what `make run` does on a machine without a display).
    public var windowScreenshot: String?
    /// Discard the background tabs now, as memory pressure does (alone, it opens nothing).
    public var discardBackgroundTabs: Bool

    public init(
        urls: [String] = [], newWindow: Bool = false, incognito: Bool = false,
        windowScreenshot: String? = nil,
        discardBackgroundTabs: Bool = false
    ) {
        self.urls = urls
        self.newWindow = newWindow
        self.incognito = incognito
        self.windowScreenshot = windowScreenshot
        self.discardBackgroundTabs = discardBackgroundTabs
    }

    /// Whether the request asks only for the discard (no page, no window).
    var onlyDiscards: Bool { discardBackgroundTabs && urls.isEmpty && !newWindow && !incognito }
}
