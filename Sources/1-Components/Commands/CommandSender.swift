/// A late-bound way to send one command protocol through a ``CommandDispatcher``.
///
/// This is what an object such as a view controller is given instead of the dispatcher
/// (or the handler): it can only send the one protocol, and the handler is looked up at
/// each call, so it may be registered, replaced or stopped at any time. The dispatcher is
/// held weakly; once it is gone, sending does nothing.
///
/// ```swift
/// let browserCommands = dispatcher.sender(for: (any BrowserCommands).self)
/// browserCommands.send { $0.openNewTab() }
/// ```
@MainActor
public struct CommandSender<Command> {
    private let command: Command.Type
    private weak var dispatcher: CommandDispatcher?

    /// A sender of `command` through `dispatcher`, which is held weakly.
    public init(_ command: Command.Type, dispatcher: CommandDispatcher) {
        self.command = command
        self.dispatcher = dispatcher
    }

    /// Runs `body` with the current handler of the command protocol and returns its result.
    ///
    /// Same rules as ``CommandDispatcher/dispatch(_:_:)``: a missing handler fails loudly
    /// unless the dispatcher is preparing for shutdown (then the result is `nil`). If the
    /// dispatcher is gone, `body` is not run and the result is `nil`.
    @discardableResult
    public func send<Result>(_ body: (Command) throws -> Result) rethrows -> Result? {
        guard let dispatcher else { return nil }
        return try dispatcher.dispatch(command, body)
    }
}
