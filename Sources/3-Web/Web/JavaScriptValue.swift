/// A value returned by JavaScript evaluation (the JSON-compatible subset).
public enum JavaScriptValue: Sendable, Equatable {
    /// `undefined` or `null`.
    case null
    /// A boolean.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JavaScriptValue])
    /// An object.
    case object([String: JavaScriptValue])
}

/// An error thrown by evaluated JavaScript, or a failure to evaluate it.
public struct JavaScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message (for a thrown exception, its text).
    public var message: String

    /// Creates an error.
    public init(message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
