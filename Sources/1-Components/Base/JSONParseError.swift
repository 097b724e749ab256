/// Why a piece of text could not be read as JSON.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong and where, e.g. "line 3, column 7: expected ':' after an object key".
    public let message: String

    /// Creates an error with `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
