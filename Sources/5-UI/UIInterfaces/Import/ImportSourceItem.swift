/// One source the Import dialog lists: a browser's profile found on this machine.
public struct ImportSourceItem: Equatable, Sendable {
    /// “Firefox”, “Chromium”, “Google Chrome”, “GNOME Web”.
    public var browser: String
    /// The profile's name.
    public var profile: String
    /// What comes over from it (“Bookmarks, history and open tabs”).
    public var contents: String

    public init(browser: String, profile: String, contents: String) {
        self.browser = browser
        self.profile = profile
        self.contents = contents
    }
}
