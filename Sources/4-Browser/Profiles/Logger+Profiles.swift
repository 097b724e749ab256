import Logging

extension Logger {
    /// The logger of the Profiles library (`swiftlet.profiles`). Made at each use, so that it always
    /// has the handler the process bootstrapped, even when it logs before the bootstrap.
    static var profiles: Logger { Logger(label: "swiftlet.profiles") }
}
