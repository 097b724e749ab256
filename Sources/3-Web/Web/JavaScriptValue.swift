/// A value returned by JavaScript evaluation (the JSON-compatible subset).
public enum JavaScriptValue: Sendable, Equatable {
    /// `undefined` or `null`.
    case null
    /// A boolean.
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JavaScriptValue])
    case object([String: JavaScriptValue])
}

/// An error thrown by evaluated JavaScript, or a failure to evaluate it.
public struct JavaScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message (for a thrown exception, its text).
    public var message: String

    public init(message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
