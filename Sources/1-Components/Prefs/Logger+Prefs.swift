import Logging

extension Logger {
    /// The logger of the Prefs library (`swiftlet.prefs`). Made at each use, so that it always
    /// has the handler the process bootstrapped, even when it logs before the bootstrap.
    static var prefs: Logger { Logger(label: "swiftlet.prefs") }
}
