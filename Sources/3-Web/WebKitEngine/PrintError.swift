/// Why a page could not be printed.
public struct PrintError: Error, Equatable, Sendable, CustomStringConvertible {
    /// WebKit's (or GTK's) message.
    public var message: String

    public init(message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
