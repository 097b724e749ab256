import Logging

extension Logger {
    /// The logger of the Application library (`swiftlet.application`). Made at each use, so
    /// that it always has the handler the process bootstrapped.
    static var application: Logger { Logger(label: "swiftlet.application") }
}
