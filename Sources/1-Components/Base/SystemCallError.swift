/// A system call that failed, with its `errno` value.
public struct SystemCallError: Error, Equatable, Sendable {
    public let code: Int32

    public init(code: Int32) { self.code = code }
}
