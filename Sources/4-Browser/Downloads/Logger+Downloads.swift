import Logging

extension Logger {
    /// The logger of the Downloads library (`swiftlet.downloads`), made at each use so that it
    /// has the handler the process bootstrapped.
    static var downloads: Logger { Logger(label: "swiftlet.downloads") }
}
