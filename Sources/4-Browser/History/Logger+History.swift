import Logging

extension Logger {
    /// The logger of the History library (`swiftlet.history`), made at each use so that it
    /// has the handler the process bootstrapped.
    static var history: Logger { Logger(label: "swiftlet.history") }
}
