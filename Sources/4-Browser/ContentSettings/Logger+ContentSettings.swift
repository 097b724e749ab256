import Logging

extension Logger {
    /// The logger of the ContentSettings library (`swiftlet.content-settings`), made at each use
    /// (see `Logger.profiles`).
    static var contentSettings: Logger { Logger(label: "swiftlet.content-settings") }
}
