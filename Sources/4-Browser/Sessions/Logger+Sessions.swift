import Logging

extension Logger {
    /// The logger of the Sessions library (`swiftlet.sessions`). Made at each use, so that it always
    /// has the handler the process bootstrapped, even when it logs before the bootstrap.
    static var sessions: Logger { Logger(label: "swiftlet.sessions") }
}
