import Logging

extension Logger {
    /// The logger of the Bookmarks library (`swiftlet.bookmarks`), made at each use so that it
    /// has the handler the process bootstrapped.
    static var bookmarks: Logger { Logger(label: "swiftlet.bookmarks") }
}
